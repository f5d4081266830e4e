/** Stand-ins for accounts: e-mails, phones, IBANs, cards, national ids, IPs, MACs, handles, ids, addresses, wallets. */
export { accountGenerators } from './accounts/index';
