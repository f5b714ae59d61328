export function siteUrlProblem(siteUrl: string | undefined, hostname: string): string | null;
