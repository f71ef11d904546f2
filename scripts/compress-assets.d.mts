export function compressAssets(dir: string): Promise<void>;
