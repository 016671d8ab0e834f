// Request bodies that match the sample policy bundle in policies/, for the integration tests.

export function validateBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    agent_id: 'support-agent-1',
    framework: 'LangChain',
    request: { user: 'customer-42', input: 'What is the status of ticket T-1001?' },
    execution: {
      model: 'gpt-4o',
      tools_called: [{ name: 'search_kb', arguments: { query: 'ticket T-1001 status' } }],
      tool_results: [{ articles: [{ id: 'KB-7', title: 'Ticket statuses' }], ticket: 'T-1001', status: 'open' }],
      latency_ms: 840,
      tokens: 412,
      prompt_tokens: 300,
      completion_tokens: 112,
    },
    output: { answer: 'Ticket T-1001 is open.', ticket: 'T-1001', status: 'open' },
    ...overrides,
  };
}

export function preCheckBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    agent_id: 'payments-agent-1',
    framework: 'OpenAI Agents',
    action: 'invoicepay.create_payment',
    params: { invoice_id: 'INV-20260042', amount: 1200, currency: 'EUR' },
    user: 'ap-clerk-7',
    input: 'Pay invoice INV-20260042',
    model: 'gpt-4o',
    ...overrides,
  };
}
