import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appPaths, defaultHome, fileNameFor, isInside, resolveCampaignPath, type AppPaths } from '../../src/main/app/paths'
import { CommandError } from '../../src/shared/errors'
import { makeTempDir } from '../helpers'

describe('fileNameFor', () => {
  it.each([
    ['The Tortuga Run', 'The-Tortuga-Run.quarterdeck'],
    ['Théah: Élan & Ægis', 'Theah-Elan-gis.quarterdeck'],
    ['  --Spaced   Out--  ', 'Spaced-Out.quarterdeck'],
    ['../../etc/passwd', 'etc-passwd.quarterdeck'],
    ['C:\\Windows\\evil', 'C-Windows-evil.quarterdeck'],
    ['!!!', 'campaign.quarterdeck'],
    ['💀🏴‍☠️', 'campaign.quarterdeck'],
    ['a.quarterdeck', 'a-quarterdeck.quarterdeck'],
    ['Ship 42', 'Ship-42.quarterdeck']
  ])('%j → %j', (name, file) => {
    expect(fileNameFor(name)).toBe(file)
  })

  it('keeps the stem to 60 characters, never ending in a dash', () => {
    expect(fileNameFor('x'.repeat(200))).toBe('x'.repeat(60) + '.quarterdeck')
    const f = fileNameFor('word '.repeat(30))
    expect(f.length).toBeLessThanOrEqual(60 + '.quarterdeck'.length)
    expect(f).toMatch(/^[A-Za-z0-9-]+\.quarterdeck$/)
  })

  it('only ever makes a plain file name', () => {
    for (const name of ['a/b', 'a\\b', '..', '.', 'a\0b', ' ']) {
      expect(fileNameFor(name)).toMatch(/^[A-Za-z0-9][A-Za-z0-9-]*\.quarterdeck$/)
    }
  })
})

describe('resolveCampaignPath', () => {
  let home: string
  let paths: AppPaths
  let outside: string
  const none = new Set<string>()

  beforeEach(() => {
    home = makeTempDir()
    outside = makeTempDir('quarterdeck-outside-')
    paths = appPaths(home)
  })
  afterEach(() => {
    rmSync(home, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
  })

  const refusal = (fn: () => unknown): CommandError => {
    try {
      fn()
    } catch (e) {
      expect(e).toBeInstanceOf(CommandError)
      return e as CommandError
    }
    throw new Error('expected a refusal')
  }

  it('appPaths makes the campaigns folder', () => {
    expect(paths).toEqual({
      home,
      campaignsDir: join(home, 'campaigns'),
      recentFile: join(home, 'recent.json'),
      logFile: join(home, 'quarterdeck.log')
    })
  })

  describe.each([true, false])('confined = %s', (confined) => {
    it('a bare name means the campaigns folder', () => {
      expect(resolveCampaignPath('x.quarterdeck', paths, confined, none)).toBe(join(paths.campaignsDir, 'x.quarterdeck'))
    })

    it('an absolute path inside the folder is fine', () => {
      const p = join(paths.campaignsDir, 'y.quarterdeck')
      expect(resolveCampaignPath(p, paths, confined, none)).toBe(p)
    })

    it.each(['x.sqlite', 'x', 'x.quarterdeck.bak', 'x.QUARTERDECK', '.quarterdeck/x'])('the wrong extension (%s) is refused', (given) => {
      const e = refusal(() => resolveCampaignPath(given, paths, confined, none))
      expect(e.code).toBe('invalid_input')
      expect(e.details).toEqual({ field: 'path' })
      expect(e.message).toContain('.quarterdeck')
    })

    it('a NUL character is refused', () => {
      const e = refusal(() => resolveCampaignPath('x\0.quarterdeck', paths, confined, none))
      expect(e.code).toBe('invalid_input')
      expect(e.message).toContain('NUL')
    })
  })

  describe('confined (the HTTP host)', () => {
    it.each([
      '../x.quarterdeck',
      'sub/../../x.quarterdeck',
      '/etc/passwd.quarterdeck',
      'sub/x.quarterdeck',
      '..\\..\\x.quarterdeck/../../y.quarterdeck'
    ])('%s is refused', (given) => {
      mkdirSync(join(paths.campaignsDir, 'sub'), { recursive: true })
      const e = refusal(() => resolveCampaignPath(given, paths, true, none))
      expect(e.code).toBe('invalid_input')
      expect(e.details).toEqual({ field: 'path' })
    })

    it('an absolute path outside is refused', () => {
      expect(refusal(() => resolveCampaignPath(join(outside, 'x.quarterdeck'), paths, true, none)).code).toBe('invalid_input')
    })

    it('".." inside a name that stays in the folder is fine', () => {
      expect(resolveCampaignPath('sub/../ok.quarterdeck', paths, true, none)).toBe(join(paths.campaignsDir, 'ok.quarterdeck'))
      expect(resolveCampaignPath('a..b.quarterdeck', paths, true, none)).toBe(join(paths.campaignsDir, 'a..b.quarterdeck'))
    })

    it('files named when the host was started are accepted wherever they are', () => {
      const named = join(outside, 'named.quarterdeck')
      writeFileSync(named, '')
      expect(resolveCampaignPath(named, paths, true, new Set([named]))).toBe(named)
      // …but only those.
      expect(refusal(() => resolveCampaignPath(join(outside, 'other.quarterdeck'), paths, true, new Set([named]))).code).toBe(
        'invalid_input'
      )
    })

    it('a symlink in the folder pointing outside is refused, whether or not its target exists', () => {
      writeFileSync(join(outside, 'real.quarterdeck'), '')
      symlinkSync(join(outside, 'real.quarterdeck'), join(paths.campaignsDir, 'to-real.quarterdeck'))
      symlinkSync(join(outside, 'missing.quarterdeck'), join(paths.campaignsDir, 'dangling.quarterdeck'))
      symlinkSync(outside, join(paths.campaignsDir, 'dir-link'))
      for (const given of ['to-real.quarterdeck', 'dangling.quarterdeck', 'dir-link/x.quarterdeck']) {
        expect(refusal(() => resolveCampaignPath(given, paths, true, none)).code).toBe('invalid_input')
      }
    })

    it('a symlink loop does not hang', () => {
      symlinkSync(join(paths.campaignsDir, 'b.quarterdeck'), join(paths.campaignsDir, 'a.quarterdeck'))
      symlinkSync(join(paths.campaignsDir, 'a.quarterdeck'), join(paths.campaignsDir, 'b.quarterdeck'))
      // Either answer is safe: SQLite cannot open or create a file through a loop.
      expect(() => {
        try {
          resolveCampaignPath('a.quarterdeck', paths, true, none)
        } catch (e) {
          if (!(e instanceof CommandError)) throw e
        }
      }).not.toThrow()
    })

    it('a symlink in the folder pointing to another file in the folder is fine', () => {
      writeFileSync(join(paths.campaignsDir, 'real.quarterdeck'), '')
      symlinkSync(join(paths.campaignsDir, 'real.quarterdeck'), join(paths.campaignsDir, 'alias.quarterdeck'))
      expect(resolveCampaignPath('alias.quarterdeck', paths, true, none)).toBe(join(paths.campaignsDir, 'alias.quarterdeck'))
    })

    it('works when the campaigns folder itself is reached through a symlink', () => {
      const linkedHome = join(outside, 'linked-home')
      symlinkSync(home, linkedHome)
      const viaLink = appPaths(linkedHome)
      expect(resolveCampaignPath('z.quarterdeck', viaLink, true, none)).toBe(join(viaLink.campaignsDir, 'z.quarterdeck'))
    })
  })

  describe('not confined (the desktop app)', () => {
    it('any path the GM chose is fine', () => {
      const p = join(outside, 'anywhere.quarterdeck')
      expect(resolveCampaignPath(p, paths, false, none)).toBe(p)
      expect(resolveCampaignPath('../up.quarterdeck', paths, false, none)).toBe(join(home, 'up.quarterdeck'))
    })
  })

  it('isInside: the folder itself is not inside itself; a sibling with a common prefix is not inside', () => {
    expect(isInside(paths.campaignsDir, paths.campaignsDir)).toBe(false)
    expect(isInside(paths.campaignsDir, paths.campaignsDir + '-evil/x.quarterdeck')).toBe(false)
    expect(isInside(paths.campaignsDir, join(paths.campaignsDir, 'x.quarterdeck'))).toBe(true)
  })
})

describe('defaultHome', () => {
  it('QUARTERDECK_HOME wins on every platform, made absolute', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      expect(defaultHome({ QUARTERDECK_HOME: '/srv/qd' }, platform)).toBe('/srv/qd')
      expect(defaultHome({ QUARTERDECK_HOME: 'relative/qd', APPDATA: 'C:\\x' }, platform)).toBe(resolve('relative/qd'))
    }
  })

  it('win32: %APPDATA%\\Quarterdeck, else the roaming folder under the home folder', () => {
    expect(defaultHome({ APPDATA: '/c/Users/gm/AppData/Roaming' }, 'win32')).toBe(join('/c/Users/gm/AppData/Roaming', 'Quarterdeck'))
    expect(defaultHome({}, 'win32')).toBe(join(homedir(), 'AppData', 'Roaming', 'Quarterdeck'))
  })

  it('darwin: ~/Library/Application Support/Quarterdeck (XDG is ignored)', () => {
    expect(defaultHome({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Quarterdeck'))
    expect(defaultHome({ XDG_CONFIG_HOME: '/xdg' }, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Quarterdeck'))
  })

  it('linux: $XDG_CONFIG_HOME/Quarterdeck, else ~/.config/Quarterdeck', () => {
    expect(defaultHome({ XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe(join('/xdg', 'Quarterdeck'))
    expect(defaultHome({}, 'linux')).toBe(join(homedir(), '.config', 'Quarterdeck'))
    expect(defaultHome({}, 'freebsd')).toBe(join(homedir(), '.config', 'Quarterdeck'))
  })

  it('an empty QUARTERDECK_HOME is ignored', () => {
    expect(defaultHome({ QUARTERDECK_HOME: '' }, 'linux')).toBe(join(homedir(), '.config', 'Quarterdeck'))
  })
})
