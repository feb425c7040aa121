"""Speech audio for the integration tests: eSpeak NG WAVs, raw microphone streams, WAV files."""

import subprocess
import wave
from pathlib import Path
from typing import List, Tuple

try:
    import audioop  # Python ≤ 3.12
except ImportError:  # pragma: no cover
    from wyoming import pyaudioop as audioop  # type: ignore


def espeak_wav(text: str, path: Path) -> Tuple[int, bytes]:
    """`text` spoken by the espeak-ng command into `path`; returns (rate, 16-bit mono PCM)."""
    subprocess.run(["espeak-ng", "-v", "en-us", "-w", str(path), text], check=True)
    return read_wav(path)


def read_wav(path: Path) -> Tuple[int, bytes]:
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2 and wav.getnchannels() == 1, "16-bit mono expected"
        return wav.getframerate(), wav.readframes(wav.getnframes())


def write_wav(path: Path, rate: int, pcm: bytes) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm)


def to_16k(rate: int, pcm: bytes) -> bytes:
    """16-bit mono PCM resampled to 16 kHz, as a microphone would give it."""
    if rate == 16000:
        return pcm
    converted, _ = audioop.ratecv(pcm, 2, 1, rate, 16000, None)
    return converted


def silence(rate: int, seconds: float) -> bytes:
    return b"\x00\x00" * int(rate * seconds)


def microphone_stream(folder: Path, utterances: List[str], gap: float) -> bytes:
    """16 kHz PCM of each utterance (eSpeak NG) followed by `gap` seconds of silence."""
    stream = silence(16000, 0.5)
    for index, text in enumerate(utterances):
        rate, pcm = espeak_wav(text, folder / f"utterance-{index}.wav")
        stream += to_16k(rate, pcm) + silence(16000, gap)
    return stream
