import { createHash } from 'node:crypto'
import { CHART_IMAGE_MAX_BYTES, type ChartImage, type ChartImagePlacement, type ChartImageType } from '../../shared/commands/chart-image'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { chartSettings } from './chart'

/** The map image under the chart (issue 16, point 12): table `chart_image`, one row. */

interface Row {
  mime: ChartImageType
  data: string
  file_name: string
  x: number
  y: number
  width: number
  opacity: number
}

const kb = (n: number) => `${Math.ceil(n / 1024).toLocaleString('en')} KB`

/** What the bytes are, by their first bytes (never by the name the file was given). */
export function imageTypeOf(bytes: Uint8Array): ChartImageType | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

function rowOf(db: Db): Row | undefined {
  return stmt(db, `SELECT mime, data, file_name, x, y, width, opacity FROM chart_image WHERE id = 1`).get() as Row | undefined
}

function viewOf(r: Row, withData: boolean): ChartImage {
  return {
    fileName: r.file_name,
    mime: r.mime,
    bytes: Math.floor((r.data.length * 3) / 4) - (r.data.endsWith('==') ? 2 : r.data.endsWith('=') ? 1 : 0),
    x: r.x,
    y: r.y,
    width: r.width,
    opacity: r.opacity,
    version: createHash('sha1').update(r.data).digest('hex').slice(0, 12),
    dataUrl: withData ? `data:${r.mime};base64,${r.data}` : null
  }
}

export function chartImage(db: Db, withData: boolean): ChartImage | null {
  const r = rowOf(db)
  return r ? viewOf(r, withData) : null
}

export function setChartImage(db: Db, input: { fileName: string; dataBase64: string; placement?: Partial<ChartImagePlacement> }): ChartImage {
  const bytes = Buffer.from(input.dataBase64, 'base64')
  if (bytes.length > CHART_IMAGE_MAX_BYTES) {
    throw new CommandError(
      'invalid_input',
      `dataBase64: ${input.fileName} is ${kb(bytes.length)}; a campaign keeps a map image of at most ${kb(CHART_IMAGE_MAX_BYTES)}. Save it smaller (fewer pixels, or as JPEG or WebP).`,
      { issues: [{ field: 'dataBase64', message: `at most ${kb(CHART_IMAGE_MAX_BYTES)}` }] }
    )
  }
  const mime = imageTypeOf(bytes)
  if (!mime) {
    throw new CommandError('invalid_input', `dataBase64: ${input.fileName} is not a PNG, JPEG or WebP image, so it cannot go under the chart.`, {
      issues: [{ field: 'dataBase64', message: 'not a PNG, JPEG or WebP image' }]
    })
  }
  const before = rowOf(db)
  const s = chartSettings(db)
  const p = { x: before?.x ?? 0, y: before?.y ?? 0, width: before?.width ?? s.width, opacity: before?.opacity ?? 0.85, ...input.placement }
  stmt(
    db,
    `INSERT INTO chart_image (id, mime, data, file_name, x, y, width, opacity) VALUES (1, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET mime = excluded.mime, data = excluded.data, file_name = excluded.file_name,
       x = excluded.x, y = excluded.y, width = excluded.width, opacity = excluded.opacity`
  ).run(mime, bytes.toString('base64'), input.fileName, p.x, p.y, p.width, p.opacity)
  return viewOf(rowOf(db)!, false)
}

export function placeChartImage(db: Db, placement: Partial<ChartImagePlacement>): ChartImage {
  const r = rowOf(db)
  if (!r) throw new CommandError('rule', 'There is no map image under the chart to place: add one first.')
  const keys = (Object.keys(placement) as (keyof ChartImagePlacement)[]).filter((k) => placement[k] !== undefined)
  if (keys.length) stmt(db, `UPDATE chart_image SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = 1`).run(...keys.map((k) => placement[k]))
  return viewOf(rowOf(db)!, false)
}

export function removeChartImage(db: Db): { fileName: string } {
  const r = rowOf(db)
  if (!r) throw new CommandError('rule', 'There is no map image under the chart to take away.')
  stmt(db, `DELETE FROM chart_image WHERE id = 1`).run()
  return { fileName: r.file_name }
}
