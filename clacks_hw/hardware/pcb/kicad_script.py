"""Build the carrier in KiCad 6 with pcbnew, check it with KiCad's DRC, plot it for a board house.

Run with Debian's /usr/bin/python3 (pcbnew belongs to it, not to a virtual env):
    python3 kicad_script.py design.json OUTDIR
design.json holds the parts (footprint, place, pad nets), the routed tracks and vias, the
zones and the silkscreen legends (written by pcb/build.py). Writes into OUTDIR:
carrier.kicad_pcb, drc.txt, gerbers/ (Gerbers with Protel extensions and Excellon drills, as
JLCPCB and PCBWay take them) and art.json (the board's copper, pads, holes and silkscreen as
polygons, for the rendering). Exit status 0 whatever the DRC says: the caller reads drc.txt.
Only the standard library and pcbnew: no project code runs here.
"""

import json
import os
import sys

import pcbnew

LAYERS = {0: pcbnew.F_Cu, 1: pcbnew.B_Cu}
GERBERS = [  # layer, file suffix (Protel extension follows from the layer), description
    (pcbnew.F_Cu, "F_Cu", "Top copper"), (pcbnew.B_Cu, "B_Cu", "Bottom copper"),
    (pcbnew.F_Mask, "F_Mask", "Top solder mask"), (pcbnew.B_Mask, "B_Mask", "Bottom solder mask"),
    (pcbnew.F_SilkS, "F_SilkS", "Top silkscreen"), (pcbnew.B_SilkS, "B_SilkS", "Bottom silkscreen"),
    (pcbnew.Edge_Cuts, "Edge_Cuts", "Board outline"),
]
MM = pcbnew.FromMM
ERROR_INSIDE = 1  # KiCad's ERROR_LOC enum, which its Python module does not name


def pt(x, y):
    return pcbnew.wxPoint(MM(x), MM(y))


def setup(board, rules):
    ds = board.GetDesignSettings()
    ds.m_MinClearance = MM(rules["clearance"])
    ds.m_TrackMinWidth = MM(rules["track_min"])
    ds.SetCopperEdgeClearance(MM(rules["edge"]))
    ds.m_HoleClearance = MM(0.25)
    nc = ds.GetNetClasses().GetDefault()
    nc.SetClearance(MM(rules["clearance"]))
    nc.SetTrackWidth(MM(rules["track"]))
    nc.SetViaDiameter(MM(rules["via"][0]))
    nc.SetViaDrill(MM(rules["via"][1]))


def outline(board, w, h, r):
    """The board edge: a rectangle with rounded corners of radius r."""
    def line(a, b):
        s = pcbnew.PCB_SHAPE(board)
        s.SetShape(pcbnew.SHAPE_T_SEGMENT)
        s.SetStart(pt(*a))
        s.SetEnd(pt(*b))
        s.SetLayer(pcbnew.Edge_Cuts)
        s.SetWidth(MM(0.1))
        board.Add(s)

    def arc(c, start, end):
        s = pcbnew.PCB_SHAPE(board)
        s.SetShape(pcbnew.SHAPE_T_ARC)
        s.SetLayer(pcbnew.Edge_Cuts)
        s.SetWidth(MM(0.1))
        s.SetCenter(pt(*c))
        s.SetStart(pt(*start))
        s.SetEnd(pt(*end))
        board.Add(s)

    line((r, 0), (w - r, 0))
    line((w, r), (w, h - r))
    line((w - r, h), (r, h))
    line((0, h - r), (0, r))
    arc((w - r, r), (w - r, 0), (w, r))
    arc((w - r, h - r), (w, h - r), (w - r, h))
    arc((r, h - r), (r, h), (0, h - r))
    arc((r, r), (0, r), (r, 0))


def build(design, out):
    pcbnew.KIID.SeedGenerator(1)  # every item's id from a fixed seed: the same design, the same file
    board = pcbnew.BOARD()
    setup(board, design["rules"])
    w, h = design["size"]
    outline(board, w, h, design["corner_radius"])
    nets = {}
    for name in sorted({n for p in design["parts"] for n in p["pads"].values() if n}):
        net = pcbnew.NETINFO_ITEM(board, name)
        board.Add(net)
        nets[name] = net
    for p in design["parts"]:
        lib, name = p["footprint"].split(":")
        fp = pcbnew.FootprintLoad(os.path.join(design["library"], lib + ".pretty"), name)
        if fp is None:
            raise SystemExit(f"footprint {p['footprint']} not found in {design['library']}")
        fp.SetReference(p["ref"])
        fp.SetValue(p["value"])
        fp.SetPosition(pt(*p["at"][:2]))
        fp.SetOrientationDegrees(p["at"][2])
        fp.Value().SetVisible(False)
        if "label" in p and p["label"] is None:
            fp.Reference().SetVisible(False)
        elif p.get("label"):
            fp.Reference().SetPosition(pt(*p["label"]))
            fp.Reference().SetTextAngle(0)
        for pad in fp.Pads():
            net = p["pads"].get(pad.GetName())
            if net:
                pad.SetNet(nets[net])
        board.Add(fp)
    for net, layer, a, b, width in design["tracks"]:
        t = pcbnew.PCB_TRACK(board)
        t.SetStart(pt(*a))
        t.SetEnd(pt(*b))
        t.SetWidth(MM(width))
        t.SetLayer(LAYERS[layer])
        t.SetNet(nets[net])
        board.Add(t)
    for net, (x, y) in design["vias"]:
        v = pcbnew.PCB_VIA(board)
        v.SetPosition(pt(x, y))
        v.SetWidth(MM(design["rules"]["via"][0]))
        v.SetDrill(MM(design["rules"]["via"][1]))
        v.SetViaType(pcbnew.VIATYPE_THROUGH)
        v.SetLayerPair(pcbnew.F_Cu, pcbnew.B_Cu)
        v.SetNet(nets[net])
        board.Add(v)
    m = design["zone_margin"]
    for k, z in enumerate(design["zones"]):
        zone = pcbnew.ZONE(board)
        zone.SetLayer(LAYERS[z["layer"]])
        zone.SetNetCode(nets[z["net"]].GetNetCode())
        zone.SetZoneName(z["net"])
        poly = zone.Outline()
        poly.NewOutline()
        for x, y in ((m, m), (w - m, m), (w - m, h - m), (m, h - m)):
            poly.Append(MM(x), MM(y))
        zone.SetLocalClearance(MM(z["clearance"]))
        zone.SetMinThickness(MM(0.25))
        zone.SetThermalReliefGap(MM(0.4))
        zone.SetThermalReliefSpokeWidth(MM(z["spoke"]))
        zone.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        zone.SetPriority(k)
        board.Add(zone)
    for t in design["texts"]:
        text = pcbnew.PCB_TEXT(board)
        text.SetText(t["text"])
        text.SetPosition(pt(*t["at"]))
        text.SetLayer(pcbnew.F_SilkS if t.get("layer", "F") == "F" else pcbnew.B_SilkS)
        text.SetTextSize(pcbnew.wxSize(MM(t["size"]), MM(t["size"])))
        text.SetTextThickness(MM(t["size"] * 0.15))
        if t.get("layer") == "B":
            text.SetMirrored(True)
        board.Add(text)
    return board  # zones are filled after a save and load: filling a board made in memory crashes pcbnew 6


def plot(board, out):
    gerbers = os.path.join(out, "gerbers")
    os.makedirs(gerbers, exist_ok=True)
    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(gerbers)
    po.SetUseGerberProtelExtensions(True)  # .GTL .GBL .GTS ...: what JLCPCB and PCBWay expect
    po.SetCreateGerberJobFile(False)
    po.SetUseGerberX2format(False)
    po.SetIncludeGerberNetlistInfo(False)
    po.SetSubtractMaskFromSilk(True)
    po.SetPlotFrameRef(False)
    po.SetPlotValue(False)
    po.SetPlotReference(True)
    po.SetExcludeEdgeLayer(True)
    po.SetScale(1)
    po.SetMirror(False)
    po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.NO_DRILL_SHAPE)
    for layer, suffix, what in GERBERS:
        pc.SetLayer(layer)
        pc.OpenPlotfile(suffix, pcbnew.PLOT_FORMAT_GERBER, what)
        pc.PlotLayer()
    pc.ClosePlot()
    drill = pcbnew.EXCELLON_WRITER(board)
    drill.SetOptions(False, True, pcbnew.wxPoint(0, 0), False)  # mirror, minimal header, offset, merge
    drill.SetFormat(True)  # metric
    drill.CreateDrillandMapFilesSet(gerbers, True, False)


def art(board):
    """Copper, pads, holes and silkscreen as plain polygons, segments and circles (mm)."""
    def poly_points(shape_poly):
        out = []
        for i in range(shape_poly.OutlineCount()):
            chain = shape_poly.Outline(i)
            holes = [[(pcbnew.ToMM(hc.CPoint(k).x), pcbnew.ToMM(hc.CPoint(k).y)) for k in range(hc.PointCount())]
                     for hc in (shape_poly.Hole(i, n) for n in range(shape_poly.HoleCount(i)))]
            out.append({"outline": [(pcbnew.ToMM(chain.CPoint(k).x), pcbnew.ToMM(chain.CPoint(k).y))
                                    for k in range(chain.PointCount())], "holes": holes})
        return out

    result = {"zones": [], "tracks": [], "vias": [], "pads": [], "silk": [], "texts": []}
    for z in board.Zones():
        for layer in (pcbnew.F_Cu, pcbnew.B_Cu):
            if z.IsOnLayer(layer):
                result["zones"].append({"layer": 0 if layer == pcbnew.F_Cu else 1, "net": z.GetNetname(),
                                        "polys": poly_points(z.GetFilledPolysList(layer))})
    for t in board.GetTracks():
        if t.GetClass() == "PCB_VIA":
            result["vias"].append({"at": (pcbnew.ToMM(t.GetPosition().x), pcbnew.ToMM(t.GetPosition().y)),
                                   "d": pcbnew.ToMM(t.GetWidth()), "drill": pcbnew.ToMM(t.GetDrillValue())})
        else:
            result["tracks"].append({"layer": 0 if t.GetLayer() == pcbnew.F_Cu else 1,
                                     "a": (pcbnew.ToMM(t.GetStart().x), pcbnew.ToMM(t.GetStart().y)),
                                     "b": (pcbnew.ToMM(t.GetEnd().x), pcbnew.ToMM(t.GetEnd().y)),
                                     "w": pcbnew.ToMM(t.GetWidth())})
    mm = pcbnew.ToMM
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            drill = pad.GetDrillSize()
            result["pads"].append({"polys": poly_points(pad.GetEffectivePolygon()), "top": pad.IsOnLayer(pcbnew.F_Cu),
                                   "hole": (mm(pad.GetPosition().x), mm(pad.GetPosition().y), mm(min(drill.x, drill.y)))})
        for g in fp.GraphicalItems():
            if g.GetClass() != "MGRAPHIC" or g.GetLayer() != pcbnew.F_SilkS:
                continue
            kind, w = g.GetShape(), mm(g.GetWidth())
            a, b = (mm(g.GetStart().x), mm(g.GetStart().y)), (mm(g.GetEnd().x), mm(g.GetEnd().y))
            if kind == pcbnew.SHAPE_T_SEGMENT:
                result["silk"].append({"line": [a, b], "w": w})
            elif kind == pcbnew.SHAPE_T_RECT:
                result["silk"].append({"line": [a, (b[0], a[1]), b, (a[0], b[1]), a], "w": w})
            elif kind == pcbnew.SHAPE_T_CIRCLE:
                result["silk"].append({"circle": a, "r": mm(g.GetRadius()), "w": w})
            elif kind == pcbnew.SHAPE_T_ARC:
                m = g.GetArcMid()
                result["silk"].append({"arc": [a, (mm(m.x), mm(m.y)), b], "w": w})
            elif kind == pcbnew.SHAPE_T_POLY:
                result["silk"].extend({"fill": p["outline"]} for p in poly_points(g.GetPolyShape()))
        ref = fp.Reference()
        if ref.IsVisible():
            result["texts"].append({"text": ref.GetShownText(), "at": (mm(ref.GetPosition().x), mm(ref.GetPosition().y)),
                                    "size": mm(ref.GetTextHeight()), "angle": ref.GetDrawRotation() / 10})
    for d in board.GetDrawings():
        if d.GetClass() == "PCB_TEXT":
            result["texts"].append({"text": d.GetText(), "at": (pcbnew.ToMM(d.GetPosition().x),
                                                                pcbnew.ToMM(d.GetPosition().y)),
                                    "size": pcbnew.ToMM(d.GetTextHeight()), "layer": "F" if d.GetLayer() == pcbnew.F_SilkS else "B"})
    return result


def main(argv):
    design_path, out = argv[1], argv[2]
    with open(design_path, encoding="utf-8") as f:
        design = json.load(f)
    os.makedirs(out, exist_ok=True)
    board = build(design, out)
    pcb = os.path.join(out, "carrier.kicad_pcb")
    board.SetFileName(pcb)
    pcbnew.SaveBoard(pcb, board)
    board = pcbnew.LoadBoard(pcb)  # check what was written, as KiCad would open it
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())  # in memory only: the saved board keeps its zones unfilled
    board.BuildConnectivity()
    pcbnew.WriteDRCReport(board, os.path.join(out, "drc.txt"), pcbnew.EDA_UNITS_MILLIMETRES, True)
    plot(board, out)
    with open(os.path.join(out, "art.json"), "w", encoding="utf-8") as f:
        json.dump(art(board), f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
