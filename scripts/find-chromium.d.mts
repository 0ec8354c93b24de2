export declare const SYSTEM_CANDIDATES: string[];
export declare const INSTALL_HINT: string;
export declare class ChromiumNotFoundError extends Error {}
export declare function findChromium(options?: { install?: boolean; log?: (line: string) => void }): string;
