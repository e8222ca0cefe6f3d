"""Build a board in KiCad 9 with pcbnew: the board file with its zones filled, and its project.

Run with Debian's /usr/bin/python3 (pcbnew belongs to it, not to a virtual env):
    python3 kicad_script.py design.json OUTDIR
design.json holds the board's name, size and design rules, the parts (footprint, place, pad
nets, the schematic symbol each stands for), the routed tracks and vias, the zones and the
silkscreen legends (written by pcb/build.py from any board's design). Writes into OUTDIR:
NAME.kicad_pcb, NAME.kicad_pro (the design rules, as KiCad opens them) and art.json (the
board's copper, pads, holes and silkscreen as polygons, for the rendering). kicad-cli checks
and plots the board afterwards. Only the standard library and pcbnew: no project code runs here.
"""

import json
import os
import sys

import pcbnew

LAYERS = {0: pcbnew.F_Cu, 1: pcbnew.B_Cu}
MM = pcbnew.FromMM


def pt(x, y):
    return pcbnew.VECTOR2I(MM(x), MM(y))


def setup(board, rules):
    ds = board.GetDesignSettings()
    ds.m_MinClearance = MM(rules["clearance"])
    ds.m_TrackMinWidth = MM(rules["track_min"])
    ds.m_CopperEdgeClearance = MM(rules["edge"])
    ds.m_HoleClearance = MM(rules.get("hole_clearance", 0.25))
    # The board house's own minimums (JLCPCB's and PCBWay's standard two-layer process), which
    # the board's rules must not go below.
    ds.m_MinThroughDrill = MM(rules.get("drill_min", 0.3))
    ds.m_ViasMinSize = MM(rules.get("via_min", 0.5))
    ds.m_ViasMinAnnularWidth = MM(rules.get("annular_min", 0.13))
    ds.m_HoleToHoleMin = MM(rules.get("hole_to_hole", 0.25))
    ds.m_SilkClearance = MM(rules.get("silk_clearance", 0.0))
    ds.m_MinSilkTextHeight = MM(rules.get("silk_text_min", 0.8))
    ds.m_MinSilkTextThickness = MM(rules.get("silk_line_min", 0.15))
    nc = ds.m_NetSettings.GetDefaultNetclass()
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


def build(design):
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
        fp.SetFPIDAsString(p["footprint"])  # with its library's name, as the schematic gives it
        if not p["pads"]:  # a mounting hole: the board's alone, not in the schematic
            fp.SetBoardOnly(True)
        if p.get("dnp"):  # copper for a part the maker may fit later: the placement and BOM leave it out
            fp.SetDNP(True)
        if p.get("symbol"):  # the schematic symbol it stands for: DRC's parity check pairs them by it
            fp.SetPath(pcbnew.KIID_PATH("/" + p["symbol"]))
        fp.SetReference(p["ref"])
        fp.SetValue(p["value"])
        fp.SetPosition(pt(*p["at"][:2]))
        fp.SetOrientationDegrees(p["at"][2])
        fp.Value().SetVisible(False)
        if "label" in p and p["label"] is None:
            fp.Reference().SetVisible(False)
        elif p.get("label"):
            fp.Reference().SetPosition(pt(*p["label"]))
            fp.Reference().SetTextAngleDegrees(0)
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
        zone.SetMinThickness(MM(z.get("min_width", 0.25)))
        zone.SetThermalReliefGap(MM(z.get("thermal_gap", 0.25)))
        zone.SetThermalReliefSpokeWidth(MM(z["spoke"]))
        zone.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        zone.SetAssignedPriority(k)
        board.Add(zone)
    for t in design["texts"]:
        text = pcbnew.PCB_TEXT(board)
        text.SetText(t["text"])
        text.SetPosition(pt(*t["at"]))
        text.SetLayer(pcbnew.F_SilkS if t.get("layer", "F") == "F" else pcbnew.B_SilkS)
        text.SetTextSize(pcbnew.VECTOR2I(MM(t["size"]), MM(t["size"])))
        text.SetTextThickness(MM(t["size"] * 0.15))
        if t.get("layer") == "B":
            text.SetMirrored(True)
        board.Add(text)
    return board


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
                                   "d": pcbnew.ToMM(t.GetWidth(pcbnew.F_Cu)), "drill": pcbnew.ToMM(t.GetDrillValue())})
        else:
            result["tracks"].append({"layer": 0 if t.GetLayer() == pcbnew.F_Cu else 1,
                                     "a": (pcbnew.ToMM(t.GetStart().x), pcbnew.ToMM(t.GetStart().y)),
                                     "b": (pcbnew.ToMM(t.GetEnd().x), pcbnew.ToMM(t.GetEnd().y)),
                                     "w": pcbnew.ToMM(t.GetWidth())})
    mm = pcbnew.ToMM
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            drill = pad.GetDrillSize()
            layer = pcbnew.F_Cu if pad.IsOnLayer(pcbnew.F_Cu) else pcbnew.B_Cu
            result["pads"].append({"polys": poly_points(pad.GetEffectivePolygon(layer)), "top": pad.IsOnLayer(pcbnew.F_Cu),
                                   "hole": (mm(pad.GetPosition().x), mm(pad.GetPosition().y), mm(min(drill.x, drill.y)))})
        for g in fp.GraphicalItems():
            if g.GetClass() != "PCB_SHAPE" or g.GetLayer() != pcbnew.F_SilkS:
                continue
            kind, w = g.GetShape(), mm(g.GetWidth())
            a, b = (mm(g.GetStart().x), mm(g.GetStart().y)), (mm(g.GetEnd().x), mm(g.GetEnd().y))
            if kind == pcbnew.SHAPE_T_SEGMENT:
                result["silk"].append({"line": [a, b], "w": w})
            elif kind == pcbnew.SHAPE_T_RECTANGLE:
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
            result["texts"].append({"text": ref.GetShownText(False), "at": (mm(ref.GetPosition().x), mm(ref.GetPosition().y)),
                                    "size": mm(ref.GetTextHeight()), "angle": ref.GetDrawRotation().AsDegrees()})
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
    pcb = os.path.join(out, design.get("name", "board") + ".kicad_pcb")
    board = build(design)
    board.SetFileName(pcb)
    pcbnew.SaveBoard(pcb, board)
    board = pcbnew.LoadBoard(pcb)  # filled as KiCad would fill the board it opens
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    pcbnew.SaveBoard(pcb, board)  # with its zones filled: kicad-cli's DRC and plots do not fill them
    with open(os.path.join(out, "art.json"), "w", encoding="utf-8") as f:
        json.dump(art(board), f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
