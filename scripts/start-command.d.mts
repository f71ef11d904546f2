export function scriptArguments(name: string): string[];
export function startArguments(): string[];
