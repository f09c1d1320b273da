export declare const DEFAULT_HEAP_LIMIT_MB: number;
export declare const SEMI_SPACE_MB: number;
export declare function shopNodeArgs(env?: NodeJS.ProcessEnv): string[];
export declare const MALLOC_SETTINGS: Readonly<Record<"MALLOC_ARENA_MAX" | "MALLOC_MMAP_THRESHOLD_" | "MALLOC_TRIM_THRESHOLD_", string>>;
export declare function shopNodeEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
