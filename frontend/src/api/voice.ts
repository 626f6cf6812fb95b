// Voice & tone calls; filled in by the voice feature.
export const voice = {};
