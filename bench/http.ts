/** One request of a load scenario: JSON body when given, the session cookie when given; the answer read as text. */
export async function call(base: string, method: string, route: string, cookie?: string, body?: unknown) {
  const response = await fetch(base + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, response };
}
