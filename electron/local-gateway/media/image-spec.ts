/** What an image request asks for, in the form the renderer takes it. */
export interface ImageSpec {
  readonly prompt: string;
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed?: number | undefined;
}

export function parseSize(size: string): { width: number; height: number } {
  const [width = 0, height = 0] = size.split("x").map(Number);
  return { width, height };
}

export function revisedPrompt(prompt: string): string {
  return `${prompt.trim()}, as an abstract composition of gradients and soft discs`;
}
