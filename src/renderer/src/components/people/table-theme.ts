import type { DataTableProps } from 'naive-ui'

/** Data tables on chart paper: a cream header and a warm hover instead of Naive UI's greys. */
export const paperTable: NonNullable<DataTableProps['themeOverrides']> = {
  thColor: '#f6efdf',
  thTextColor: '#5c5142',
  thFontWeight: '600',
  tdColor: '#fffdf7',
  tdColorHover: '#fbf5e6',
  borderColor: '#ece3cf'
}
