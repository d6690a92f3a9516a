//! lexeval-llm: an optional OpenAI-compatible chat client and the papers' prompts.
