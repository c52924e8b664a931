import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';

describe('build options', () => {
  it('defaults to the embedded snapshot, dist/ and localhost', () => {
    const options = parseOptions([], {}, '/repo');
    expect(options.contentDir).toBe('/repo/data/wordpress');
    expect(options.outDir).toBe('/repo/dist');
    expect(options.siteUrl).toBe('http://localhost:8080');
    expect(options.wpUrl).toBeUndefined();
    expect(options.allowShrink).toBe(false);
  });

  it('reads the environment variables of the README', () => {
    const options = parseOptions([], {
      CONTENT_DIR: 'snap', WP_API_URL: 'https://cms.example/wp-json/wp/v2/', OUT_DIR: '/srv/out', SITE_URL: 'https://www.sqbb.fr/', ALLOW_SHRINK: '1',
    }, '/repo');
    expect(options).toMatchObject({
      contentDir: '/repo/snap', wpUrl: 'https://cms.example/wp-json/wp/v2', outDir: '/srv/out', siteUrl: 'https://www.sqbb.fr', allowShrink: true,
    });
  });

  it('lets flags win over environment variables, in both --flag value and --flag=value forms', () => {
    const options = parseOptions(['--out', 'public-site', '--site-url=https://club.example/sqbb/', '--wp', 'http://127.0.0.1:9000/wp-json/wp/v2', '--allow-shrink'], { OUT_DIR: 'ignored', SITE_URL: 'https://ignored.example' }, '/repo');
    expect(options.outDir).toBe('/repo/public-site');
    expect(options.siteUrl).toBe('https://club.example/sqbb');
    expect(options.wpUrl).toBe('http://127.0.0.1:9000/wp-json/wp/v2');
    expect(options.allowShrink).toBe(true);
  });

  it("reads the club's data files from data/ unless --data or DATA_DIR names another folder", () => {
    expect(parseOptions([], {}, '/repo').dataDir).toBeUndefined();
    expect(parseOptions(['--data', 'club-data'], { DATA_DIR: 'ignored' }, '/repo').dataDir).toBe('/repo/club-data');
    expect(parseOptions([], { DATA_DIR: '/srv/data' }, '/repo').dataDir).toBe('/srv/data');
  });

  it('keeps the build cache in .cache/build unless --cache or BUILD_CACHE says otherwise; --clean ignores it', () => {
    expect(parseOptions([], {}, '/repo')).toMatchObject({ cacheDir: '/repo/.cache/build', clean: false });
    expect(parseOptions(['--cache', '/var/cache/sqbb', '--clean'], { BUILD_CACHE: 'ignored' }, '/repo')).toMatchObject({ cacheDir: '/var/cache/sqbb', clean: true });
    expect(parseOptions([], { BUILD_CACHE: 'cache', BUILD_CLEAN: '1' }, '/repo')).toMatchObject({ cacheDir: '/repo/cache', clean: true });
  });

  it('fixes the build time with --now', () => {
    expect(parseOptions(['--now', '2026-01-15T12:00:00Z'], {}).now.toISOString()).toBe('2026-01-15T12:00:00.000Z');
  });

  it('leaves the number of render threads to the build unless --workers or BUILD_WORKERS sets it', () => {
    expect(parseOptions([], {}).renderWorkers).toBeUndefined();
    expect(parseOptions(['--workers', '2'], { BUILD_WORKERS: '4' }).renderWorkers).toBe(2);
    expect(parseOptions([], { BUILD_WORKERS: '4' }).renderWorkers).toBe(4);
    expect(() => parseOptions(['--workers', '0'], {})).toThrow(/--workers \/ BUILD_WORKERS: "0" is not a whole number from 1 to 8/);
    expect(() => parseOptions(['--workers', '1.5'], {})).toThrow(/not a whole number/);
  });

  it('rejects unknown flags, missing values and URLs that are not http(s)', () => {
    expect(() => parseOptions(['--colour'], {})).toThrow(/unknown option --colour/);
    expect(() => parseOptions(['--out'], {})).toThrow(/--out needs a value/);
    expect(() => parseOptions(['--wp', 'ftp://cms.example'], {})).toThrow(/only http\(s\)/);
    expect(() => parseOptions(['--site-url', 'not a url'], {})).toThrow(/not an absolute URL/);
    expect(() => parseOptions(['--now', 'yesterday'], {})).toThrow(/not a date/);
  });
});

describe('URLs with credentials', () => {
  it('are refused for every URL option, on a line that does not repeat them', () => {
    for (const [flag, label] of [['--wp', '--wp / WP_API_URL'], ['--site-url', '--site-url / SITE_URL'], ['--media-origin', '--media-origin / MEDIA_ORIGINS']] as const) {
      let message = '';
      try {
        parseOptions([flag, 'https://club:Tr3s-s3cret@cms.example/wp-json/wp/v2'], {});
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(new RegExp(`^${label.replaceAll('/', '\\/')}: the URL carries a user name or password \\(https:\\/\\/\\*\\*\\*@cms\\.example\\): remove them`));
      expect(message).not.toMatch(/club|Tr3s/);
    }
  });
});
