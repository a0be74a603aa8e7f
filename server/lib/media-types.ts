/**
 * The content type of a JSON answer whose body the server writes itself (a serializer of its own, bytes made once,
 * an error), where Fastify would set none or a bare `application/json`.
 */
export const JSON_MEDIA_TYPE = 'application/json; charset=utf-8';
