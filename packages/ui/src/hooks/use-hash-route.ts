import { useCallback, useEffect, useState } from 'react';

export type Route = { screen: 'projects' } | { screen: 'project'; projectId: string };

function readRoute(hash: string): Route {
  const match = /^#\/projects\/([^/]+)/.exec(hash);
  return match?.[1] === undefined
    ? { screen: 'projects' }
    : { screen: 'project', projectId: decodeURIComponent(match[1]) };
}

function toHash(route: Route): string {
  return route.screen === 'projects' ? '#/' : `#/projects/${encodeURIComponent(route.projectId)}`;
}

/** The open screen lives in the URL hash, so reloading the window and Back keep the user where they were. */
export function useHashRoute(): [Route, (route: Route) => void] {
  // No window when the build draws the first screen (first-screen-template.tsx): the projects, as at `/`.
  const [route, setRoute] = useState(() => readRoute(typeof window === 'undefined' ? '' : window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(readRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const navigate = useCallback((next: Route) => {
    const hash = toHash(next);
    if (window.location.hash !== hash) window.location.hash = hash;
    setRoute(next);
  }, []);
  return [route, navigate];
}
