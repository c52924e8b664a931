export function computeCodeVersion(root: string): string;
