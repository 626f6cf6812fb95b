// Wails rejects a bound call's promise with a bare string; every call goes
// through here so views always receive a real Error with a readable message.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly method: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function call<T>(method: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Error) throw new ApiError(e.message, method);
    throw new ApiError(typeof e === 'string' ? e : JSON.stringify(e), method);
  }
}
