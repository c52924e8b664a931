import { ROUTE_PATHS, type StaticRouteId } from '../routes/route-paths.js';

/** Route ids a data file may link to: the pages without parameters ('contact', 'cashless'...). */
export const STATIC_ROUTE_IDS = (Object.keys(ROUTE_PATHS) as (keyof typeof ROUTE_PATHS)[]).filter(
  (id) => !ROUTE_PATHS[id].includes(':'),
) as [StaticRouteId, ...StaticRouteId[]];
