export function startArguments(): string[];
