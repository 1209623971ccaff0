import { enUS, type GlobalThemeOverrides, type NLocale } from 'naive-ui'

/** Quarterdeck's look: deep-sea blue, brass, and chart-paper cream. */
export const palette = {
  sea: '#1d4f6e',
  seaHover: '#26648a',
  seaPressed: '#173f58',
  navy: '#13243a',
  brass: '#b5893b',
  paper: '#f5efe1',
  card: '#fffdf7',
  rule: '#e0d3b8',
  ink: '#2a2218',
  inkSoft: '#5c5142',
  danger: '#a23b2c'
}

export const themeOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: palette.sea,
    primaryColorHover: palette.seaHover,
    primaryColorPressed: palette.seaPressed,
    primaryColorSuppl: palette.seaHover,
    errorColor: palette.danger,
    errorColorHover: '#b84a3a',
    errorColorPressed: '#8a2f22',
    warningColor: palette.brass,
    bodyColor: palette.paper,
    cardColor: palette.card,
    modalColor: palette.card,
    popoverColor: palette.card,
    borderColor: palette.rule,
    dividerColor: palette.rule,
    textColorBase: palette.ink,
    textColor1: palette.ink,
    textColor2: palette.ink,
    textColor3: palette.inkSoft,
    fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif",
    fontSize: '14px',
    borderRadius: '6px'
  },
  Card: { titleFontSizeMedium: '18px', borderColor: palette.rule },
  Menu: {
    itemTextColorInverted: '#d9e2ea',
    itemTextColorHoverInverted: '#ffffff',
    itemTextColorActiveInverted: '#ffffff',
    itemTextColorActiveHoverInverted: '#ffffff',
    itemColorActiveInverted: 'rgba(181, 137, 59, 0.28)',
    itemColorActiveHoverInverted: 'rgba(181, 137, 59, 0.36)',
    itemColorHoverInverted: 'rgba(255, 255, 255, 0.06)',
    fontSize: '15px'
  },
  Layout: { siderColorInverted: palette.navy, color: palette.paper }
}

/**
 * Naive UI's English words, without its template placeholders ("Please Input", "Please Select", "No Data"):
 * a field without a placeholder of its own shows none, a select says "Choose…", an empty table "Nothing here yet".
 */
export const locale: NLocale = {
  ...enUS,
  Input: { ...enUS.Input, placeholder: '' },
  InputNumber: { ...enUS.InputNumber, placeholder: '' },
  Select: { ...enUS.Select, placeholder: 'Choose…' },
  Cascader: { ...enUS.Cascader, placeholder: 'Choose…' },
  Empty: { ...enUS.Empty, description: 'Nothing here yet' }
}
