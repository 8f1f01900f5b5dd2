/**
 * A small client for an OpenAI-compatible chat-completions endpoint, used by the helpers the spec calls AI
 * when `LLM_API_URL` is set. It never throws: any failure (not configured, network, timeout, non-2xx,
 * malformed reply) answers null, and the caller falls back to its local, deterministic implementation.
 *
 *   LLM_API_URL   base URL (https://api.openai.com/v1) or the full …/chat/completions URL
 *   LLM_API_KEY   sent as a Bearer token when set (local servers often need none)
 *   LLM_MODEL     model name (default gpt-4o-mini)
 *   LLM_TIMEOUT_MS  per-call limit (default 15000)
 */

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type ChatOptions = {
  /** ask for a JSON object (response_format json_object) */
  json?: boolean;
  maxTokens?: number;
  temperature?: number;
  timeoutMs?: number;
};

const DEFAULT_MODEL = "gpt-4o-mini";
const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_REPLY_CHARS = 100_000;

export function llmConfigured(): boolean {
  return Boolean(process.env.LLM_API_URL?.trim());
}

/** The chat-completions URL for a configured base URL. */
export function chatCompletionsUrl(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, "");
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

function timeoutFromEnv() {
  const value = Number(process.env.LLM_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** The assistant's reply text, or null on any failure. */
export async function chatCompletion(messages: ChatMessage[], options: ChatOptions = {}): Promise<string | null> {
  const base = process.env.LLM_API_URL?.trim();
  if (!base) return null;
  let url: string;
  try {
    url = new URL(chatCompletionsUrl(base)).toString();
  } catch {
    console.warn("LLM_API_URL is not a valid URL; using the local implementation.");
    return null;
  }

  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  const key = process.env.LLM_API_KEY?.trim();
  if (key) headers.Authorization = `Bearer ${key}`;

  const body: Record<string, unknown> = {
    model: process.env.LLM_MODEL?.trim() || DEFAULT_MODEL,
    messages,
    temperature: options.temperature ?? 0,
    max_tokens: options.maxTokens ?? 600,
  };
  if (options.json) body.response_format = { type: "json_object" };

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? timeoutFromEnv());
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) {
      console.warn(`LLM endpoint answered ${response.status}; using the local implementation.`);
      return null;
    }
    const text = await response.text();
    if (text.length > MAX_REPLY_CHARS) return null;
    const data = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
    const content = data.choices?.[0]?.message?.content;
    return typeof content === "string" && content.trim() !== "" ? content : null;
  } catch (error) {
    const reason = controller.signal.aborted ? "timed out" : error instanceof Error ? error.message : String(error);
    console.warn(`LLM call failed (${reason}); using the local implementation.`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Parses a reply that should be one JSON object. Tolerates a Markdown code fence or text around the
 * object, which some models add even when told not to. Null when there is no object.
 */
export function parseJsonReply(reply: string | null): unknown {
  if (!reply) return null;
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply);
  const candidate = (fenced ? fenced[1] : reply).trim();
  const start = candidate.indexOf("{");
  const end = candidate.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(candidate.slice(start, end + 1));
  } catch {
    return null;
  }
}
