export declare const SERVER_BUILD: string
export declare function buildIfNeeded(options?: { quiet?: boolean }): boolean
