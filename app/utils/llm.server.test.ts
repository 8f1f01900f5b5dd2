import { afterEach, describe, expect, it, vi } from "vitest";
import { chatCompletion, chatCompletionsUrl, llmConfigured, parseJsonReply } from "./llm.server";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete process.env.LLM_API_URL;
});

describe("chatCompletionsUrl", () => {
  it("accepts a base URL or the full endpoint", () => {
    expect(chatCompletionsUrl("https://api.example.com/v1")).toBe("https://api.example.com/v1/chat/completions");
    expect(chatCompletionsUrl("https://api.example.com/v1/")).toBe("https://api.example.com/v1/chat/completions");
    expect(chatCompletionsUrl(" http://localhost:11434/v1/chat/completions ")).toBe(
      "http://localhost:11434/v1/chat/completions",
    );
  });
});

describe("parseJsonReply", () => {
  it("reads a bare object, a fenced one, or one with text around it", () => {
    expect(parseJsonReply('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonReply('```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(parseJsonReply('Here you go: {"a":3} Hope that helps')).toEqual({ a: 3 });
  });

  it("answers null when there is no object", () => {
    expect(parseJsonReply(null)).toBeNull();
    expect(parseJsonReply("no json here")).toBeNull();
    expect(parseJsonReply("{not: valid}")).toBeNull();
  });
});

describe("chatCompletion", () => {
  it("does nothing without LLM_API_URL", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    expect(llmConfigured()).toBe(false);
    expect(await chatCompletion([{ role: "user", content: "hi" }])).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives up after the timeout and answers null", async () => {
    process.env.LLM_API_URL = "http://llm.test/v1";
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const started = Date.now();
    expect(await chatCompletion([{ role: "user", content: "hi" }], { timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers null for a reply without content", async () => {
    process.env.LLM_API_URL = "http://llm.test/v1";
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ choices: [] }), { status: 200 }));
    expect(await chatCompletion([{ role: "user", content: "hi" }])).toBeNull();
  });

  it("returns the assistant's text", async () => {
    process.env.LLM_API_URL = "http://llm.test/v1";
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ choices: [{ message: { content: "Hello" } }] }), { status: 200 }),
    );
    expect(await chatCompletion([{ role: "user", content: "hi" }])).toBe("Hello");
  });
});
