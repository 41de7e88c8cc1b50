import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StandIn } from './echo-stand-in.js';

/**
 * A small RealWorld "Conduit" API on 127.0.0.1, in memory: users (register, login, current user), profiles with
 * follows, articles with favorites and comments, and tags — enough for the RealWorld Postman collection's flow.
 * `reset()` forgets everything, so that two runners meet the same fresh server.
 */
export interface ConduitStandIn extends StandIn {
  reset(): void;
}

interface User {
  email: string;
  username: string;
  password: string;
  bio: string | null;
  image: string | null;
  following: Set<string>;
}

interface Comment {
  id: number;
  body: string;
  author: string;
  createdAt: string;
  updatedAt: string;
}

interface Article {
  slug: string;
  title: string;
  description: string;
  body: string;
  tagList: string[];
  author: string;
  favoritedBy: Set<string>;
  comments: Comment[];
  createdAt: string;
  updatedAt: string;
}

class Conduit {
  users = new Map<string, User>();
  articles: Article[] = [];
  nextComment = 1;

  tokenOf = (user: User) => `token-${user.username}`;

  viewer(request: IncomingMessage): User | undefined {
    const token = /^Token (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return [...this.users.values()].find((user) => this.tokenOf(user) === token);
  }

  userJson(user: User) {
    const { email, username, bio, image } = user;
    return { user: { email, username, bio, image, token: this.tokenOf(user) } };
  }

  profile(username: string, viewer: User | undefined) {
    const user = this.users.get(username);
    if (user === undefined) return undefined;
    return { username, bio: user.bio, image: user.image, following: viewer?.following.has(username) ?? false };
  }

  articleJson(article: Article, viewer: User | undefined) {
    const { slug, title, description, body, tagList, createdAt, updatedAt } = article;
    return {
      slug,
      title,
      description,
      body,
      tagList,
      createdAt,
      updatedAt,
      favorited: viewer !== undefined && article.favoritedBy.has(viewer.username),
      favoritesCount: article.favoritedBy.size,
      author: this.profile(article.author, viewer),
    };
  }

  commentJson(comment: Comment, viewer: User | undefined) {
    const { id, body, createdAt, updatedAt } = comment;
    return { id, body, createdAt, updatedAt, author: this.profile(comment.author, viewer) };
  }
}

type Answer = [status: number, body: unknown];

/** A request's JSON body as the collection sends it: `{user: {…}}`, `{article: {…}}` or `{comment: {…}}`. */
type Fields = Record<string, unknown>;
interface Body {
  user?: Fields;
  article?: Fields;
  comment?: Fields;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const unauthorized: Answer = [401, { errors: { token: ['is missing'] } }];
const notFound: Answer = [404, { errors: { resource: ['not found'] } }];

function articles(conduit: Conduit, url: URL, viewer: User | undefined, feed: boolean): Answer {
  const { searchParams: query } = url;
  let list = [...conduit.articles].reverse();
  if (feed) list = list.filter((article) => viewer?.following.has(article.author));
  if (query.has('author')) list = list.filter((article) => article.author === query.get('author'));
  if (query.has('tag')) list = list.filter((article) => article.tagList.includes(query.get('tag') ?? ''));
  if (query.has('favorited')) list = list.filter((article) => article.favoritedBy.has(query.get('favorited') ?? ''));
  const page = list.slice(
    Number(query.get('offset') ?? 0),
    Number(query.get('offset') ?? 0) + Number(query.get('limit') ?? 20),
  );
  return [200, { articles: page.map((article) => conduit.articleJson(article, viewer)), articlesCount: list.length }];
}

function users(conduit: Conduit, method: string, path: string, body: Body, viewer?: User): Answer | undefined {
  if (path === '/users' && method === 'POST') {
    const [email, username, password] = [text(body.user?.email), text(body.user?.username), text(body.user?.password)];
    if (conduit.users.has(username)) return [422, { errors: { username: ['has already been taken'] } }];
    const user: User = { email, username, password, bio: null, image: null, following: new Set() };
    conduit.users.set(username, user);
    return [201, conduit.userJson(user)];
  }
  if (path === '/users/login' && method === 'POST') {
    const [email, password] = [text(body.user?.email), text(body.user?.password)];
    const user = [...conduit.users.values()].find((one) => one.email === email && one.password === password);
    return user === undefined
      ? [422, { errors: { 'email or password': ['is invalid'] } }]
      : [200, conduit.userJson(user)];
  }
  if (path === '/user') {
    if (viewer === undefined) return unauthorized;
    if (method === 'PUT') Object.assign(viewer, body.user ?? {});
    return [200, conduit.userJson(viewer)];
  }
  const profile = /^\/profiles\/([^/]+)(\/follow)?$/.exec(path);
  if (profile) {
    const username = decodeURIComponent(profile[1] as string);
    if (profile[2] !== undefined) {
      if (viewer === undefined) return unauthorized;
      if (method === 'POST') viewer.following.add(username);
      if (method === 'DELETE') viewer.following.delete(username);
    }
    const found = conduit.profile(username, viewer);
    return found === undefined ? notFound : [200, { profile: found }];
  }
  return undefined;
}

function route(conduit: Conduit, request: IncomingMessage, url: URL, body: Body): Answer {
  const method = request.method ?? 'GET';
  const path = url.pathname.replace(/^\/api/, '');
  const viewer = conduit.viewer(request);
  const fromUsers = users(conduit, method, path, body, viewer);
  if (fromUsers !== undefined) return fromUsers;
  if (path === '/tags') return [200, { tags: [...new Set(conduit.articles.flatMap((article) => article.tagList))] }];
  if (path === '/articles' && method === 'GET') return articles(conduit, url, viewer, false);
  if (path === '/articles/feed') return viewer === undefined ? unauthorized : articles(conduit, url, viewer, true);
  if (path === '/articles' && method === 'POST') {
    if (viewer === undefined) return unauthorized;
    const now = new Date().toISOString();
    const fields = body.article ?? {};
    const title = text(fields.title);
    const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${conduit.articles.length + 1}`;
    const tags = Array.isArray(fields.tagList) ? fields.tagList.map(text) : [];
    const article: Article = {
      slug,
      title,
      description: text(fields.description),
      body: text(fields.body),
      // RealWorld's servers keep tags sorted; the collection's checks expect them so.
      tagList: tags.sort(),
      author: viewer.username,
      favoritedBy: new Set(),
      comments: [],
      createdAt: now,
      updatedAt: now,
    };
    conduit.articles.push(article);
    return [201, { article: conduit.articleJson(article, viewer) }];
  }
  const match = /^\/articles\/([^/]+)(?:\/(favorite|comments)(?:\/(\d+))?)?$/.exec(path);
  const article = conduit.articles.find((one) => one.slug === decodeURIComponent(match?.[1] ?? ''));
  if (match === null || article === undefined) return notFound;
  const [, , part, commentId] = match;
  if (part === undefined) {
    if (method === 'GET') return [200, { article: conduit.articleJson(article, viewer) }];
    if (viewer?.username !== article.author) return unauthorized;
    if (method === 'DELETE') {
      conduit.articles = conduit.articles.filter((one) => one !== article);
      return [204, undefined];
    }
    Object.assign(article, body.article ?? {}, { updatedAt: new Date().toISOString() });
    return [200, { article: conduit.articleJson(article, viewer) }];
  }
  if (part === 'favorite') {
    if (viewer === undefined) return unauthorized;
    if (method === 'POST') article.favoritedBy.add(viewer.username);
    else article.favoritedBy.delete(viewer.username);
    return [200, { article: conduit.articleJson(article, viewer) }];
  }
  if (method === 'GET') return [200, { comments: article.comments.map((one) => conduit.commentJson(one, viewer)) }];
  if (viewer === undefined) return unauthorized;
  if (method === 'DELETE') {
    article.comments = article.comments.filter((one) => one.id !== Number(commentId));
    return [204, undefined];
  }
  const now = new Date().toISOString();
  const comment = {
    id: conduit.nextComment++,
    body: text(body.comment?.body),
    author: viewer.username,
    createdAt: now,
    updatedAt: now,
  };
  article.comments.push(comment);
  return [201, { comment: conduit.commentJson(comment, viewer) }];
}

function answer(response: ServerResponse, [status, body]: Answer): void {
  if (body === undefined) return void response.writeHead(status).end();
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Starts the Conduit stand-in on a free port of 127.0.0.1; its API is at `${origin}/api`. */
export async function startConduitStandIn(): Promise<ConduitStandIn> {
  let conduit = new Conduit();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return answer(response, [400, { errors: { body: ['is not JSON'] } }]);
      }
      answer(response, route(conduit, request, new URL(request.url ?? '/', 'http://conduit'), body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset: () => {
      conduit = new Conduit();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
