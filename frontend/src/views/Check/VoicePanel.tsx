// Voice & tone findings beside the claims; filled in by the voice feature.
export function VoicePanel(_props: { text: string; onApply?: (next: string) => void }) {
  return null;
}
