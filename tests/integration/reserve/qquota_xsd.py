"""A small validator for the XML Schema subset docs/qquota.xsd uses: global elements, named and
anonymous complex types holding one xsd:sequence of elements (minOccurs/maxOccurs), attributes
with use="required"/"optional", and xsd:string elements (text only). Enough to check that
`lsquota -xml` writes the document its schema describes, without packages the test machines
may lack.
"""

import xml.etree.ElementTree as ET

XSD = "{http://www.w3.org/2001/XMLSchema}"


class Schema:
    def __init__(self, path):
        root = ET.parse(path).getroot()
        self.types = {t.get("name"): t for t in root.findall(XSD + "complexType")}
        self.elements = {e.get("name"): e for e in root.findall(XSD + "element")}

    def validate(self, text):
        """Returns the list of problems (empty: valid)."""
        problems = []
        doc = ET.fromstring(text)
        decl = self.elements.get(doc.tag)
        if decl is None:
            return ["root element <%s> is not declared" % doc.tag]
        self._element(doc, decl, "/" + doc.tag, problems)
        return problems

    def _type_of(self, decl):
        inline = decl.find(XSD + "complexType")
        if inline is not None:
            return inline
        name = decl.get("type", "")
        return self.types.get(name)  # None: a simple type (xsd:string)

    def _element(self, node, decl, where, problems):
        ctype = self._type_of(decl)
        if ctype is None:  # xsd:string: text only
            if len(node) or node.attrib:
                problems.append("%s: a string element holds elements or attributes" % where)
            return
        attrs = {a.get("name"): a.get("use", "optional") for a in ctype.findall(XSD + "attribute")}
        for name in node.attrib:
            if name not in attrs:
                problems.append("%s: attribute %s is not declared" % (where, name))
        for name, use in attrs.items():
            if use == "required" and name not in node.attrib:
                problems.append("%s: attribute %s is required" % (where, name))
        if (node.text or "").strip():
            problems.append("%s: text in an element-only type" % where)
        seq = ctype.find(XSD + "sequence")
        particles = seq.findall(XSD + "element") if seq is not None else []
        children = list(node)
        i = 0
        for p in particles:
            low = int(p.get("minOccurs", "1"))
            high = p.get("maxOccurs", "1")
            high = None if high == "unbounded" else int(high)
            n = 0
            while i < len(children) and children[i].tag == p.get("name") and (
                    high is None or n < high):
                self._element(children[i], p, "%s/%s[%d]" % (where, children[i].tag, n + 1),
                              problems)
                i += 1
                n += 1
            if n < low:
                problems.append("%s: <%s> expected at least %d time(s)" % (where, p.get("name"),
                                                                        low))
        if i < len(children):
            problems.append("%s: <%s> is not expected there" % (where, children[i].tag))
