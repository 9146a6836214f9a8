"""An independent reader of .pptx files for the Slides tests (python3 standard library only: zipfile and
ElementTree, no code shared with Folio). Prints JSON: per slide in presentation order, its layout name,
the text of every shape by shape name, speaker notes, charts (type, categories, series values from the
chart parts), tables, pictures, and the pictures of its layout and master; plus the theme's colours and
fonts and whether every part named by a relationship exists.

usage: python3 pptx_inspect.py FILE.pptx
"""
import json
import posixpath
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {
    'p': 'http://schemas.openxmlformats.org/presentationml/2006/main',
    'a': 'http://schemas.openxmlformats.org/drawingml/2006/main',
    'r': 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
    'c': 'http://schemas.openxmlformats.org/drawingml/2006/chart',
    'rel': 'http://schemas.openxmlformats.org/package/2006/relationships',
}
R_ID = '{%s}id' % NS['r']
R_EMBED = '{%s}embed' % NS['r']


def rels_of(z, part):
    path = posixpath.join(posixpath.dirname(part), '_rels', posixpath.basename(part) + '.rels')
    if path not in z.namelist():
        return {}
    out = {}
    for rel in ET.fromstring(z.read(path)).findall('rel:Relationship', NS):
        target = rel.get('Target')
        if rel.get('TargetMode') != 'External':
            target = target[1:] if target.startswith('/') else posixpath.normpath(posixpath.join(posixpath.dirname(part), target))
        out[rel.get('Id')] = {'type': rel.get('Type').rsplit('/', 1)[-1], 'target': target, 'external': rel.get('TargetMode') == 'External'}
    return out


def text_of(el):
    paras = []
    for p in el.iter('{%s}p' % NS['a']):
        paras.append(''.join(t.text or '' for t in p.iter('{%s}t' % NS['a'])))
    return '\n'.join(x for x in paras if x)


def chart_of(z, part):
    root = ET.fromstring(z.read(part))
    plot = root.find('c:chart/c:plotArea', NS)
    kinds = [child.tag.split('}')[1] for child in plot if child.tag.endswith('Chart')]
    series = []
    categories = []
    for ser in plot.iter('{%s}ser' % NS['c']):
        name = ''.join(v.text or '' for v in ser.findall('c:tx//c:v', NS))
        cats = [v.text for v in ser.findall('c:cat//c:pt/c:v', NS)]
        if cats:
            categories = cats
        values = [float(v.text) for v in ser.findall('c:val//c:pt/c:v', NS)]
        series.append({'name': name, 'values': values})
    return {'kinds': kinds, 'categories': categories, 'series': series}


def pictures_of(z, part):
    root = ET.fromstring(z.read(part))
    rels = rels_of(z, part)
    out = []
    for pic in root.iter('{%s}pic' % NS['p']):
        name = pic.find('p:nvPicPr/p:cNvPr', NS).get('name')
        blip = pic.find('.//a:blip', NS)
        target = rels.get(blip.get(R_EMBED), {}).get('target') if blip is not None else None
        out.append({'name': name, 'media': target, 'bytes': len(z.read(target)) if target in z.namelist() else 0})
    return out


def inspect(path):
    z = zipfile.ZipFile(path)
    names = set(z.namelist())
    pres = ET.fromstring(z.read('ppt/presentation.xml'))
    pres_rels = rels_of(z, 'ppt/presentation.xml')
    missing = []
    for name in names:
        if name.endswith('.rels'):
            owner = posixpath.join(posixpath.dirname(posixpath.dirname(name)), posixpath.basename(name)[:-5])
            for rel in rels_of(z, owner).values():
                if not rel['external'] and rel['target'] not in names:
                    missing.append(rel['target'])
    slides = []
    for sld in pres.findall('p:sldIdLst/p:sldId', NS):
        part = pres_rels[sld.get(R_ID)]['target']
        root = ET.fromstring(z.read(part))
        rels = rels_of(z, part)
        layout_part = next((r['target'] for r in rels.values() if r['type'] == 'slideLayout'), None)
        layout_root = ET.fromstring(z.read(layout_part)) if layout_part else None
        master_part = next((r['target'] for r in rels_of(z, layout_part).values() if r['type'] == 'slideMaster'), None) if layout_part else None
        shapes = {}
        placeholders = []
        for sp in root.iter('{%s}sp' % NS['p']):
            name = sp.find('p:nvSpPr/p:cNvPr', NS).get('name')
            shapes[name] = text_of(sp)
            ph = sp.find('p:nvSpPr/p:nvPr/p:ph', NS)
            if ph is not None:
                idx = ph.get('idx')
                placeholders.append({'type': ph.get('type', 'obj'), 'idx': int(idx) if idx is not None else None, 'text': text_of(sp),
                                     'levels': [int((p.find('a:pPr', NS).get('lvl') if p.find('a:pPr', NS) is not None else None) or 0) for p in sp.iter('{%s}p' % NS['a']) if ''.join(t.text or '' for t in p.iter('{%s}t' % NS['a']))]})
        charts = []
        tables = []
        for frame in root.iter('{%s}graphicFrame' % NS['p']):
            ref = frame.find('.//c:chart', NS)
            if ref is not None:
                charts.append(chart_of(z, rels[ref.get(R_ID)]['target']))
            tbl = frame.find('.//a:tbl', NS)
            if tbl is not None:
                tables.append([[text_of(tc) for tc in tr.findall('a:tc', NS)] for tr in tbl.findall('a:tr', NS)])
        notes_part = next((r['target'] for r in rels.values() if r['type'] == 'notesSlide'), None)
        notes = ''
        if notes_part:
            for sp in ET.fromstring(z.read(notes_part)).iter('{%s}sp' % NS['p']):
                ph = sp.find('p:nvSpPr/p:nvPr/p:ph', NS)
                if ph is not None and ph.get('type') == 'body':
                    notes = text_of(sp)
        slides.append({
            'part': part,
            'layout': layout_root.find('p:cSld', NS).get('name') if layout_root is not None else None,
            'shapes': shapes,
            'placeholders': placeholders,
            'size': [int(pres.find('p:sldSz', NS).get('cx')), int(pres.find('p:sldSz', NS).get('cy'))],
            'frames': [[int(x.get(k)) for x in [frame.find('p:xfrm/a:off', NS), frame.find('p:xfrm/a:ext', NS)] for k in (('x', 'y') if x.tag.endswith('off') else ('cx', 'cy'))] for frame in root.iter('{%s}graphicFrame' % NS['p']) if frame.find('p:xfrm/a:off', NS) is not None],
            'charts': charts,
            'tables': tables,
            'pictures': pictures_of(z, part),
            'layout_pictures': (pictures_of(z, layout_part) if layout_part else []) + (pictures_of(z, master_part) if master_part else []),
            'notes': notes,
        })
    theme_part = next(n for n in sorted(names) if n.startswith('ppt/theme/theme') and n.endswith('.xml'))
    theme = ET.fromstring(z.read(theme_part))
    colours = {}
    scheme = theme.find('.//a:clrScheme', NS)
    for slot in scheme:
        colour = slot.find('a:srgbClr', NS)
        colours[slot.tag.split('}')[1]] = colour.get('val') if colour is not None else None
    fonts = {kind: theme.find('.//a:%s/a:latin' % kind, NS).get('typeface') for kind in ('majorFont', 'minorFont')}
    return {'slides': slides, 'theme': {'colours': colours, 'fonts': fonts}, 'missing_parts': sorted(set(missing)), 'charts_parts': sorted(n for n in names if n.startswith('ppt/charts/chart'))}


if __name__ == '__main__':
    json.dump(inspect(sys.argv[1]), sys.stdout)
