/** The library's version, sent in the User-Agent; a test holds it equal to package.json's. */
export const VERSION = '0.1.0';
