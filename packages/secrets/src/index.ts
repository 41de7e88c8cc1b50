export { isEncryptedValue } from './encrypted-value.js';
export { KEY_FILE_NAME } from './key-file.js';
export { KEY_LOCATION_FILE_NAME } from './key-location.js';
export type { KeySource, OpenSecretBoxOptions, SecretBox } from './open-secret-box.js';
export { DATA_KEY_ACCOUNT, keychainService, openSecretBox } from './open-secret-box.js';
export type { KeychainAccess, KeychainEntryName, SystemKeychainOptions } from './system-keychain.js';
export { systemKeychain } from './system-keychain.js';
