/** The shortest admin password accepted (a new admin's, and a changed one): the server checks it, the form says it. */
export const MIN_PASSWORD_LENGTH = 12;
