"""Colours as WCAG 2 judges them: what the views' contrast tests measure with."""


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two #rrggbb (or #rgb) colours."""
    def luminance(colour):
        digits = colour[1:] if len(colour) == 7 else "".join(d * 2 for d in colour[1:])
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
