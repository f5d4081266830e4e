/**
 * Preloaded into the benchmarked process (`node -r`): at exit, writes the
 * process's resident-set high-water mark to standard error, for machines
 * without `/usr/bin/time -v`.
 */
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(
    `\ntracetwin-bench maxrss-kib ${u.maxRSS} user-us ${u.userCPUTime} system-us ${u.systemCPUTime}\n`,
  );
});
