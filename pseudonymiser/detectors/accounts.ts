/** Accounts: e-mails, phones, IBANs, cards, national ids, IPs, MACs, handles, ids, home directories, addresses, wallets. */
export { accountDetectors } from './accounts/index';
