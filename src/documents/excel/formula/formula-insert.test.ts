import { describe, expect, it } from 'vitest';
import { moveAt, moveInFormula, moveSqref, type LineMove } from './formula-insert.ts';
import { shiftFormula } from './formula-shift.ts';

const rows = (at: number, count: number): LineMove => ({ axis: 'row', at: at - 1, count });
const cols = (at: number, count: number): LineMove => ({ axis: 'col', at, count });

describe('moving references for inserted and deleted rows and columns', () => {
  it('moves references past the point, absolute or not; ranges across it grow; other sheets, other workbooks and 3-D references stay', () => {
    const f = "SUM(A2:A10)+A5+$B$4+$B$3+Data!C9+[1]Data!A9+'[Book.xlsx]Data'!A9+Jan:Mar!A9+Other!A9+'Data'!A7:B3+\"A9\"+Table1[Amount]";
    expect(moveInFormula(f, 'Data', 'data', rows(4, 2))).toBe("SUM(A2:A12)+A7+$B$6+$B$3+Data!C11+[1]Data!A9+'[Book.xlsx]Data'!A9+Jan:Mar!A9+Other!A9+'Data'!A9:B3+\"A9\"+Table1[Amount]");
    // On another sheet, only references that name the moved one change.
    expect(moveInFormula('A5+Data!A5+SUM(Data!5:6)+SUM(Data!A:A)', 'Summary', 'Data', rows(4, 1))).toBe('A5+Data!A6+SUM(Data!6:7)+SUM(Data!A:A)');
  });

  it('deletes: references to deleted cells become #REF!, ranges partly deleted shrink, whole rows and columns follow', () => {
    expect(moveInFormula('SUM(A2:A10)+A3+A5+SUM(A2:A4)+SUM(3:6)+SUM(A:A)+A1+Data!B3', 'S', 'S', rows(2, -3))).toBe('SUM(A2:A7)+#REF!+A2+SUM(#REF!)+SUM(2:3)+SUM(A:A)+A1+Data!B3');
    expect(moveInFormula('VLOOKUP(A1,S!$A:$F,3,0)+SUM(B1:D1)+C5+1:1', 'S', 'S', cols(2, 1))).toBe('VLOOKUP(A1,S!$A:$G,3,0)+SUM(B1:E1)+D5+1:1');
    expect(moveInFormula('SUM(B1:D1)+C5+S!C:C', 'S', 'S', cols(2, -1))).toBe('SUM(B1:C1)+#REF!+S!#REF!');
    expect(moveSqref('A2:A10 C3 E5:E6 F7:F8', rows(3, -4))).toBe('A2:A6 F3:F4');
    expect(moveSqref('B3', rows(3, -1))).toBeNull();
  });

  it('grows the ranges over a table\'s columns that end on its last row when rows are appended to it, and nothing else', () => {
    // A table over B10:C23 (data from row 11), two rows appended at row 24.
    const grow = { first: 10, cols: [1, 2] as [number, number], block: { start: { row: 9, col: 1 }, end: { row: 22, col: 2 } } };
    const m: LineMove = { axis: 'row', at: 23, count: 2, grow };
    expect(moveInFormula('SUM(C11:C23)+SUM($B$10:$C$23)+AVERAGE(C20:C23)+C23+SUM(D11:D23)+SUM(C11:C22)+C24+SUM(A1:H23)', 'S', 'S', m))
      .toBe('SUM(C11:C25)+SUM($B$10:$C$25)+AVERAGE(C20:C23)+C23+SUM(D11:D23)+SUM(C11:C22)+C26+SUM(A1:H25)');
    expect(moveSqref('C11:C23 B11:B23 E11:E23 C23', m)).toBe('C11:C25 B11:B25 E11:E23 C23');
    // Taken in place from the empty rows below: nothing moves, only the growing ranges change.
    const inPlace: LineMove = { ...m, inPlace: true };
    expect(moveInFormula('SUM(C11:C23)+C24+E30', 'S', 'S', inPlace)).toBe('SUM(C11:C25)+C24+E30');
    // Inside the table a running total keeps its range: only formulas outside it grow.
    expect(moveInFormula('SUM($C$11:C23)', 'S', 'S', moveAt(m, 22, 2))).toBe('SUM($C$11:C23)');
    expect(moveInFormula('SUM($C$11:C23)', 'S', 'S', moveAt(m, 4, 7))).toBe('SUM($C$11:C25)');
  });

  it('keeps the last row of the grid and refuses to push a cell off it', () => {
    expect(moveInFormula('SUM(A1:A1048576)+A1048576', 'S', 'S', rows(5, 1))).toBe('SUM(A1:A1048576)+#REF!');
  });

  it('fills (shared formula dependents) with the same tokenizer: absolute parts stay', () => {
    expect(shiftFormula("SUM(A1:B2)*$C$1+C$1+$D2+'Q1 2024'!A1+[1]Sheet1!B2", 2, 1)).toBe("SUM(B3:C4)*$C$1+D$1+$D4+'Q1 2024'!B3+[1]Sheet1!C4");
  });
});
