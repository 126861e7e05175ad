/** The marker before a child process's JSON result line (engines may print their own output). */
export const RESULT_MARKER = '@@RESULT ';
