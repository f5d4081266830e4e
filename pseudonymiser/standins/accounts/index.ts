/** Stand-ins for accounts: one generator per kind (see the family files). */
import type { Kind, StandInGenerator } from '../../types';
import { domainGenerator, emailGenerator } from './email';
import { phoneGenerator } from './phone';
import { bankAccountGenerator, cardGenerator, ibanGenerator, nationalIdGenerator } from './finance';
import { ipGenerator, macGenerator } from './network';
import { accountIdGenerator, deviceIdGenerator, handleGenerator, usernameGenerator } from './identity';
import { addressGenerator } from './address';
import { walletGenerator } from './wallet';

export const accountGenerators: Partial<Record<Kind, StandInGenerator>> = {
  email: emailGenerator,
  domain: domainGenerator,
  phone: phoneGenerator,
  iban: ibanGenerator,
  bank_account: bankAccountGenerator,
  card: cardGenerator,
  national_id: nationalIdGenerator,
  ip: ipGenerator,
  mac: macGenerator,
  handle: handleGenerator,
  username: usernameGenerator,
  account_id: accountIdGenerator,
  address: addressGenerator,
  wallet: walletGenerator,
  device_id: deviceIdGenerator,
};
