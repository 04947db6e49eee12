import { describe, expect, it } from 'vitest';
import { fileTypeName, planFileKind } from './plan-file';

describe('the files the eMediplan import reads', () => {
  it.each([
    ['plan.pdf', 'application/pdf', 'pdf'],
    ['PLAN.PDF', '', 'pdf'],
    ['photo.jpg', 'image/jpeg', 'image'],
    ['scan.heic', 'image/heic', 'image'],
    ['plan.json', 'application/json', 'text'],
    ['code.txt', 'text/plain', 'text'],
    ['plan.json', '', 'text'],
    ['plan.json', 'application/octet-stream', 'text'],
  ] as const)('reads %s (%s) as %s', (name, type, kind) => {
    expect(planFileKind({ name, type })).toBe(kind);
  });

  it.each([
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCX'],
    ['movie.mp4', 'video/mp4', 'MP4'],
    ['page.html', 'text/html', 'HTML'],
    ['archive', 'application/zip', 'application/zip'],
    ['noname', '', '?'],
  ] as const)('refuses %s, naming its type %s', (name, type, named) => {
    expect(planFileKind({ name, type })).toBeNull();
    expect(fileTypeName({ name, type })).toBe(named);
  });
});
