export declare const BUILD_SOURCES: readonly string[];
