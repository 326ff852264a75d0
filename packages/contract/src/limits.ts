// Length limits the web enforces as the server does, free of zod so the web bundle can import them.

/** §3 Feedback, general and about an alert: the spec shows no length rule; 5000 characters bounds storage. */
export const FEEDBACK_MAX = 5000;
