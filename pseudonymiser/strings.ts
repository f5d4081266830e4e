/**
 * A flat copy of a string. Detectors slice surfaces, names and keys out of a
 * chunk's corpus or a block of the document; V8 keeps a slice (and a
 * concatenation of slices) pointing into its parent, so a short name kept for
 * the rest of the run would keep the whole megabyte-sized parent alive. What
 * outlives the chunk it was found in is copied with this first.
 */
export function own(s: string): string {
  return (' ' + s).slice(1);
}
