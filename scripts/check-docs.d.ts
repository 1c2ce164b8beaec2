export interface Finding {
    file: string;
    line: number;
    problem: string;
}
/** Candidate repository paths named in one line of text (rule b). */
export declare function namedPaths(line: string): string[];
export declare function checkDocs(root: string): Finding[];
