// The loader of the late start-up scripts, as the source of one inline script.
export const LATE_SCRIPTS_LOADER: string;
