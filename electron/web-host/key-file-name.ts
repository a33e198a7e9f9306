/** The web host's stand-in for the OS keychain: the file of the key the API keys are encrypted with. */
export const KEY_FILE_NAME = "secret.key";
