// Types of secret-service.mjs.
/** True when something owns org.freedesktop.secrets on the session bus `env` names. */
export function secretServiceUp(env?: NodeJS.ProcessEnv): boolean;
