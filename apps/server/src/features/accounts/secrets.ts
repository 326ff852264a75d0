// The server-wide MAC keys live in shared/ (InfoCare's carer invitations sign with them too).
export { cachedSecret, serverSecret } from '../../shared/server-secrets';
