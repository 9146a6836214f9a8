// Excel's built-in number formats (ids below 164 that a file does not have to declare), and whether a
// format shows a date or time: a cell holding a number with such a format is a date for the agent.

export const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 5: '"$"#,##0_);("$"#,##0)', 6: '"$"#,##0_);[Red]("$"#,##0)',
  7: '"$"#,##0.00_);("$"#,##0.00)', 8: '"$"#,##0.00_);[Red]("$"#,##0.00)', 9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?',
  13: '# ??/??', 14: 'mm-dd-yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM', 20: 'h:mm',
  21: 'h:mm:ss', 22: 'm/d/yy h:mm', 37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)', 41: '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)', 42: '_("$"* #,##0_);_("$"* (#,##0);_("$"* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_);_(@_)', 44: '_("$"* #,##0.00_);_("$"* (#,##0.00);_("$"* "-"??_);_(@_)',
  45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@',
};

/** Ids Excel reserves for locale-dependent date formats (East Asian calendars): dates, whatever their code. */
const LOCALE_DATE_IDS = new Set([27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Whether a format code shows a date or a time (d, m, y, h, s outside quotes, escapes and colours; not elapsed-time only). */
export function isDateFormat(code: string, id?: number): boolean {
  if (id !== undefined && (LOCALE_DATE_IDS.has(id) || (id >= 14 && id <= 22) || (id >= 45 && id <= 47))) return true;
  const bare = code.split(';')[0].replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%E+\-\s?/]*$/i.test(bare);
}

/** Whether a format shows a time of day (hours, minutes or seconds). */
export function hasTime(code: string): boolean {
  return /h|s|AM\/PM/i.test(code.split(';')[0].replace(/"[^"]*"/g, ''));
}
