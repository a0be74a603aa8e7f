import connectPgSimple from 'connect-pg-simple';
import express from 'express';
import session from 'express-session';
import pg from 'pg';

/**
 * The peer of `npm run bench` (issue 19 point 5): the same two reads served the way the seed's stack serves them -
 * Express 5, express-session with its sessions in PostgreSQL through connect-pg-simple, a query per read and no
 * cache - from the app's own database, in a process of its own. A session is read from its table on every
 * request (and its expiry touched, connect-pg-simple's default), then the signed-in user from `users`, as
 * passport's deserializeUser does. `POST /login {email}` starts a session for an existing user without a password
 * check: signing in is not what is measured.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const PgStore = connectPgSimple(session);

const app = express();
app.use(express.json());
app.use(
  session({
    store: new PgStore({ pool, tableName: 'express_peer_sessions', createTableIfMissing: true }),
    secret: 'express-peer-secret-express-peer-secret',
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', maxAge: 12 * 3_600_000 },
  }),
);

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

app.get('/ready', (_request, response) => {
  response.json({ ok: true });
});

app.post('/login', async (request, response) => {
  const email = String((request.body as { email?: unknown }).email ?? '');
  const { rows } = await pool.query<{ id: string }>('select id from users where email = $1', [email]);
  if (!rows[0]) {
    response.status(401).json({ message: 'Unknown user' });
    return;
  }
  request.session.userId = rows[0].id;
  request.session.save(() => response.json({ ok: true }));
});

app.get('/api/products', async (request, response) => {
  const category = typeof request.query.category === 'string' ? request.query.category : undefined;
  const limit = Math.min(100, Number(request.query.limit ?? 24) || 24);
  const { rows } = await pool.query(
    `select p.id, p.name, p.slug, p.short_description as "shortDescription", p.price, p.image_url as "imageUrl",
            p.minimum_tier as "minimumTier", p.in_stock as "inStock", p.review_count as "reviewCount",
            p.rating_total as "ratingTotal", c.slug as category
       from products p join categories c on c.id = p.category_id
      where ($1::text is null or c.slug = $1)
      order by p.name limit $2`,
    [category ?? null, limit],
  );
  response.json(rows);
});

app.get('/api/auth/user', async (request, response) => {
  const userId = request.session.userId;
  if (!userId) {
    response.status(401).json({ message: 'Not signed in' });
    return;
  }
  const { rows } = await pool.query(
    `select id, email, first_name as "firstName", last_name as "lastName", tier,
            email_verified_at is not null as "emailVerified", mfa_enabled as "mfaEnabled"
       from users where id = $1`,
    [userId],
  );
  if (!rows[0]) {
    response.status(401).json({ message: 'Not signed in' });
    return;
  }
  response.json(rows[0]);
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
// The answers still in hand go out before the pool ends (a load's last requests wait for a connection).
process.on('SIGTERM', () => server.close(() => void pool.end()));
