import { readdirSync } from 'node:fs';
import { customerInput, UserSchema, vendorInput } from '@caps/api/testing';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '@caps/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, multipart, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
beforeAll(async () => {
  env = await createRestTestEnv({ login: { maxFailuresPerAccountAndIp: 3, maxFailuresPerIp: 1000 } });
});
afterAll(async () => env?.close());

const userCount = () => env.services.orm.em.fork().count(UserSchema, {});
const storedFiles = () => readdirSync(env.uploadDir).length;

async function png(width = 64, height = 64) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .png()
    .toBuffer();
}

function vendorFields(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...(vendorInput() as Record<string, string>), terms_accepted: 'true', ...overrides };
}

async function register(body: Record<string, unknown>) {
  return env.app.inject({ method: 'POST', url: '/api/register', payload: body });
}

describe('POST /api/register', () => {
  it('registers a customer from JSON: 201 with token and user', async () => {
    const response = await register(customerInput());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ name: 'Amina Bello', role: 'customer' });
  });

  it.each([
    ['a missing email', { email: undefined }, 'email'],
    ['a wrong type', { email: 12345 }, 'email'],
    ['an overlong name', { full_name: 'A'.repeat(10_000) }, 'full_name'],
    ['an overlong password', { password: `Aa1${'x'.repeat(500)}` }, 'password'],
    ['role admin', { role: 'admin' }, 'role'],
    ['an unknown field', { is_admin: true }, 'is_admin'],
  ])('answers 422 with a message for %s and creates nobody', async (_label, overrides, field) => {
    const before = await userCount();
    const response = await register({ ...customerInput(), ...overrides });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(typeof body.message).toBe('string');
    expect(body.error).toBe('Unprocessable Entity');
    expect(Object.keys(body.errors)).toContain(field);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    expect(await userCount()).toBe(before);
  });

  it('answers the spec message word for word for a weak password', async () => {
    const response = await register(
      customerInput({ password: 'alllowercase1', password_confirmation: 'alllowercase1' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(VALIDATION_MESSAGES.passwordUpper);
  });

  it('answers 409 for a duplicate email', async () => {
    const input = customerInput();
    expect((await register(input)).statusCode).toBe(201);
    const response = await register(input);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ERROR_MESSAGES.emailTaken);
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const malformed = await env.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);
    const array = await env.app.inject({ method: 'POST', url: '/api/register', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
  });

  it('registers a vendor from multipart with profile and cover images, stored re-encoded without metadata', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0a7' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const { payload, headers } = multipart(vendorFields(), [
      { field: 'profile_image', filename: 'me.jpg', contentType: 'image/jpeg', data: photo },
      { field: 'cover_image', filename: 'cover.png', contentType: 'image/png', data: await png(1200, 400) },
    ]);
    const response = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(response.statusCode).toBe(201);
    const vendor = response.json().user.vendor;
    expect(vendor.is_verified).toBe(0);
    expect(vendor.profile_image).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);
    expect(vendor.cover_image).toMatch(/^\/api\/images\/[a-f0-9]{32}\.webp$/);

    const image = await env.app.inject({ method: 'GET', url: vendor.profile_image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('registers a vendor from multipart without images', async () => {
    const { payload, headers } = multipart(vendorFields());
    const response = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.vendor).toMatchObject({ profile_image: null, cover_image: null });
  });

  it('takes terms as an alias of terms_accepted, from JSON and multipart; both stay optional', async () => {
    for (const terms of [true, 'true', '1', 'on']) {
      const response = await register(customerInput({ terms }));
      expect(response.statusCode, `${terms} ${response.body}`).toBe(201);
    }
    expect((await register(customerInput({ terms_accepted: true }))).statusCode).toBe(201);
    expect((await register(customerInput())).statusCode).toBe(201);
    const { terms_accepted: _accepted, ...fields } = vendorFields();
    const { payload, headers } = multipart({ ...fields, terms: 'on' });
    const form = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(form.statusCode, form.body).toBe(201);
  });

  it.each([
    ['terms false', { terms: false }, 'terms'],
    ['terms "0"', { terms: '0' }, 'terms'],
    ['terms "yes"', { terms: 'yes' }, 'terms'],
    ['terms null', { terms: null }, 'terms'],
    ['terms_accepted "off"', { terms_accepted: 'off' }, 'terms_accepted'],
  ])('refuses %s with the checkbox message and creates nobody', async (_label, overrides, field) => {
    const before = await userCount();
    const response = await register(customerInput(overrides));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      message: VALIDATION_MESSAGES.terms,
      errors: { [field]: [VALIDATION_MESSAGES.terms] },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses terms "off" from a form too', async () => {
    const before = await userCount();
    const { payload, headers } = multipart(vendorFields({ terms_accepted: 'off' }));
    const response = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(VALIDATION_MESSAGES.terms);
    expect(await userCount()).toBe(before);
  });

  it('takes names written with diacritics, for the person and the bank account holder', async () => {
    const name = 'Adébáyọ̀ Ọlá';
    const customer = await register(customerInput({ full_name: name }));
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().user.full_name).toBe(name);
    const { payload, headers } = multipart(vendorFields({ full_name: 'Ọmọ́túndé Àdìó', account_holder_name: name }));
    const vendor = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(vendor.statusCode, vendor.body).toBe(201);
    expect(vendor.json().user.vendor.account_holder_name).toBe(name);
    const renamed = await env.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(customer.json().token),
      payload: { full_name: 'Chiọma Nwánnéka' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().full_name).toBe('Chiọma Nwánnéka');
    // Still letters and spaces only: digits, punctuation and a lone combining mark are not names.
    for (const full_name of ['Adé 2', "O'Neil", '\u0301\u0301']) {
      const response = await register(customerInput({ full_name }));
      expect(response.statusCode, full_name).toBe(422);
      expect(response.json().errors.full_name).toEqual([VALIDATION_MESSAGES.nameLetters]);
    }
  });

  it('refuses a non-image file named .jpg as profile image: 415, nobody created, nothing stored', async () => {
    const before = await userCount();
    const files = storedFiles();
    const { payload, headers } = multipart(vendorFields(), [
      {
        field: 'profile_image',
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
        data: Buffer.from('%PDF-1.4 not an image'),
      },
    ]);
    const response = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(ERROR_MESSAGES.imageType);
    expect(await userCount()).toBe(before);
    expect(storedFiles()).toBe(files);
  });

  it('refuses an SVG (scripts inside) as profile image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { payload, headers } = multipart(vendorFields(), [
      { field: 'profile_image', filename: 'x.svg', contentType: 'image/svg+xml', data: svg },
    ]);
    expect((await env.app.inject({ method: 'POST', url: '/api/register', payload, headers })).statusCode).toBe(415);
  });

  it('refuses a 20 MB image: 413 with a message, nobody created', async () => {
    const before = await userCount();
    const big = Buffer.concat([await png(), Buffer.alloc(20 * 1024 * 1024)]);
    const { payload, headers } = multipart(vendorFields(), [
      { field: 'cover_image', filename: 'big.png', contentType: 'image/png', data: big },
    ]);
    const response = await env.app.inject({ method: 'POST', url: '/api/register', payload, headers });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(ERROR_MESSAGES.imageTooLarge);
    expect(await userCount()).toBe(before);
  });

  it('refuses images on a customer registration and unknown file fields', async () => {
    const customer = multipart({ ...(customerInput() as Record<string, string>) }, [
      { field: 'profile_image', filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    expect((await env.app.inject({ method: 'POST', url: '/api/register', ...customer })).statusCode).toBe(422);
    const unknown = multipart(vendorFields(), [
      { field: 'avatar', filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    const response = await env.app.inject({ method: 'POST', url: '/api/register', ...unknown });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/avatar/);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('signs in, and answers 401 with the same body for a wrong password and an unknown email', async () => {
    const input = customerInput();
    await register(input);
    const ok = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: input.password, intended_role: 'customer' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { email: input.email } });
    const wrong = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: 'Wrong1234' },
    });
    const unknown = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ghost@example.com', password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(ERROR_MESSAGES.invalidCredentials);
  });

  it('answers 429 with Retry-After after too many failures on one account', async () => {
    const input = customerInput();
    await register(input);
    for (let i = 0; i < 3; i++) {
      await env.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: input.email, password: 'Wrong1234' },
      });
    }
    const limited = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: input.password },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many login attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 403 for a vendor on the customer sign-in and for a suspended user', async () => {
    const vendor = vendorInput();
    await register(vendor);
    const wrongRole = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: vendor.email, password: vendor.password, intended_role: 'customer' },
    });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().message).toBe(ERROR_MESSAGES.wrongRole('customer'));
    const asAdmin = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: vendor.email, password: vendor.password, intended_role: 'admin' },
    });
    expect(asAdmin.json().message).toBe(
      'This account is not registered as an admin. Please use the right sign-in page.',
    );
    const customer = customerInput();
    await register(customer);
    await env.services.orm.em.fork().nativeUpdate(UserSchema, { email: customer.email }, { status: 'suspended' });
    const suspended = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe(ERROR_MESSAGES.suspended);
  });

  it('revokes the token on logout', async () => {
    const { token } = (await register(customerInput())).json();
    expect((await env.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await env.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const after = await env.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(ERROR_MESSAGES.invalidToken);
  });
});

describe('GET and PUT /api/profile', () => {
  it('answers 401 without a token and for a malformed one', async () => {
    const none = await env.app.inject({ method: 'GET', url: '/api/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(ERROR_MESSAGES.unauthenticated);
    for (const authorization of [
      'Bearer',
      'Bearer abc',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'x'.repeat(500)}`,
      'Bearer a b c',
    ]) {
      const response = await env.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(ERROR_MESSAGES.invalidToken);
    }
  });

  it('answers the vendor part for vendors', async () => {
    const { token } = (await register(vendorInput())).json();
    const response = await env.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(response.json().vendor).toMatchObject({ shop_name: 'Musa Caps House', is_verified: 0 });
  });

  it('updates from JSON and refuses bad values without changing anything', async () => {
    const { token } = (await register(customerInput())).json();
    const ok = await env.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { full_name: 'Zainab Umar', address: '10 Damboa Road, Maiduguri' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ full_name: 'Zainab Umar', address: '10 Damboa Road, Maiduguri' });
    const bad = await env.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { full_name: 'Zainab Umar', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(VALIDATION_MESSAGES.phone);
  });

  it('lets a vendor replace the profile image from multipart, and refuses a bad file', async () => {
    const { token, user } = (await register(vendorInput())).json();
    expect(user.vendor.profile_image).toBeNull();
    const upload = multipart({ shop_description: 'Now with hand-stitched okpu agu caps.' }, [
      { field: 'profile_image', filename: 'p.png', contentType: 'image/png', data: await png() },
    ]);
    const ok = await env.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...bearer(token), ...upload.headers },
      payload: upload.payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().vendor.profile_image).toMatch(/^\/api\/images\//);
    expect(ok.json().vendor.shop_description).toBe('Now with hand-stitched okpu agu caps.');
    const bad = multipart({}, [
      { field: 'cover_image', filename: 'c.png', contentType: 'image/png', data: Buffer.from('GIF89a') },
    ]);
    const refused = await env.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...bearer(token), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe('the host', () => {
  it('answers /healthz', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('publishes the OpenAPI document and a readable docs page', async () => {
    const doc = (await env.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/register', 'post'],
      ['/login', 'post'],
      ['/logout', 'post'],
      ['/profile', 'get'],
      ['/profile', 'put'],
    ]) {
      expect(doc.paths[path as string]?.[method as string], `${method} ${path}`).toBeTruthy();
    }
    expect(doc.paths['/register'].post.requestBody.content['multipart/form-data']).toBeTruthy();
    expect(doc.paths['/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    const docs = await env.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.body).toContain('/api/register');
  });

  it('sends security headers and JSON 404s for unknown API paths', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Not found' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('refuses image names that are not ours, including path tricks', async () => {
    for (const url of ['/api/images/..%2F..%2Fetc%2Fpasswd', '/api/images/../../etc/passwd', '/api/images/abc.webp']) {
      const response = await env.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });

  it('serves a stored image also where a client joining /api/images/ and the value would look', async () => {
    const { payload, headers } = multipart(vendorFields(), [
      { field: 'profile_image', filename: 'me.png', contentType: 'image/png', data: await png() },
    ]);
    const url = (await env.app.inject({ method: 'POST', url: '/api/register', payload, headers })).json().user.vendor
      .profile_image as string;
    const name = url.replace('/api/images/', '');
    for (const joined of [`/api/images/${url}`, `/api/images${url}`]) {
      const response = await env.app.inject({ method: 'GET', url: joined });
      expect(response.statusCode, joined).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    for (const trick of [
      `/api/images//api/images/..%2F${name}`,
      '/api/images/api/images/..%2F..%2Fetc%2Fpasswd',
      '/api/images//api/images/../../etc/passwd',
      '/api/images/api/images/abc.webp',
      `/api/images/api/${name}`,
    ]) {
      expect((await env.app.inject({ method: 'GET', url: trick })).statusCode, trick).toBe(404);
    }
  });

  it('answers tRPC errors without stack traces', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('stack');
  });
});

describe('request bodies', () => {
  it('takes an empty JSON body as no body, and still refuses broken JSON', async () => {
    const { token } = (await register(customerInput())).json();
    const logout = await env.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(logout.statusCode).toBe(200);
    const broken = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
  });
});
