import { z } from 'zod'
import { contract } from './contract'
import { NoInput } from './schemas'

/**
 * A map image under the sea chart (issue 16, point 12), stored in the campaign file. One image a
 * campaign: PNG, JPEG or WebP, at most CHART_IMAGE_MAX_BYTES, so that one upload stays inside the
 * HTTP host's 1 MB body limit once it is written as base64 (docs/architecture.md, "The HTTP host's limits").
 */
export const CHART_IMAGE_MAX_BYTES = 700 * 1024
/** Base64 is 4 characters for every 3 bytes. */
const MAX_BASE64 = Math.ceil(CHART_IMAGE_MAX_BYTES / 3) * 4
export const CHART_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type ChartImageType = (typeof CHART_IMAGE_TYPES)[number]

const Coord = z.number().finite().min(-100_000).max(100_000)
/** Where the image lies on the chart: its top-left corner, how many chart units wide (its height follows its proportions), how strongly it shows. */
export const ChartImagePlacement = z
  .object({
    x: Coord,
    y: Coord,
    width: z.number().finite().min(1, 'must be at least 1 chart unit').max(100_000, 'must be at most 100,000 chart units'),
    opacity: z.number().finite().min(0.1, 'must be at least 10%').max(1, 'must be at most 100%')
  })
  .strict()
export type ChartImagePlacement = z.infer<typeof ChartImagePlacement>

export const ChartImage = z.object({
  fileName: z.string(),
  mime: z.enum(CHART_IMAGE_TYPES),
  bytes: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  opacity: z.number(),
  /** Changes whenever the picture does: a window fetches the picture again only then. */
  version: z.string(),
  /** The picture as a data: URL (only when asked for with `withData`). */
  dataUrl: z.string().nullable()
})
export type ChartImage = z.infer<typeof ChartImage>

export const chartImageContracts = {
  'chart.image': contract({
    summary: "The map image under the chart (null: none), with the picture itself when asked for (withData).",
    scope: 'campaign',
    mutates: false,
    input: z.object({ withData: z.boolean().default(false) }).strict(),
    output: ChartImage.nullable()
  }),
  'chart.setImage': contract({
    summary: `Put a map image under the chart (PNG, JPEG or WebP, at most ${CHART_IMAGE_MAX_BYTES / 1024} KB), replacing any; placed at the chart's top-left corner across its width unless placed.`,
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        fileName: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
        dataBase64: z
          .string()
          .min(1, 'must not be empty')
          .max(MAX_BASE64, `the image is larger than ${CHART_IMAGE_MAX_BYTES / 1024} KB, the most a campaign keeps: save it smaller (fewer pixels, or as JPEG or WebP)`)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
        placement: ChartImagePlacement.partial().optional()
      })
      .strict(),
    output: ChartImage
  }),
  'chart.placeImage': contract({
    summary: 'Move, resize or fade the map image under the chart.',
    scope: 'campaign',
    mutates: true,
    input: ChartImagePlacement.partial().strict(),
    output: ChartImage
  }),
  'chart.removeImage': contract({
    summary: 'Take the map image away from under the chart.',
    scope: 'campaign',
    mutates: true,
    input: NoInput,
    output: z.object({ fileName: z.string() })
  })
} as const
