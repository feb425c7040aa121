"""parleyd's speech roles against the real `wyoming` package: ASR of an eSpeak NG WAV, TTS to
WAV, a multi-turn run-pipeline conversation with audio both ways, and local audio through
--mic-command and --snd-command; a transcription whose audio stalls."""

import asyncio
import os
import re
import subprocess
import tempfile
import unittest
from pathlib import Path

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.error import Error
from wyoming.event import Event
from wyoming.info import Describe, Info
from wyoming.pipeline import PipelineStage, RunPipeline
from wyoming.tts import Synthesize

from audio_files import espeak_wav, microphone_stream, read_wav, silence, write_wav
from parleyd_process import ROOT, Parleyd

PRONUNCIATIONS = str(ROOT / "models" / "pronunciations.dict")


def squeeze(text: str) -> str:
    return text.replace(" ", "").lower()


class SpeechIntegration(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = Path(tempfile.mkdtemp(prefix="parley-speech-"))
        cls.daemon = Parleyd(extra=["--pronunciations", PRONUNCIATIONS])

    @classmethod
    def tearDownClass(cls) -> None:
        status = cls.daemon.stop()
        assert status == 0, f"parleyd exited with {status}:\n" + "".join(cls.daemon.lines)

    def run_async(self, coroutine):
        return asyncio.run(asyncio.wait_for(coroutine, timeout=120))

    def client(self) -> AsyncTcpClient:
        return AsyncTcpClient("127.0.0.1", self.daemon.port)

    def test_describe_says_asr_and_tts_are_installed(self) -> None:
        async def go() -> Info:
            async with self.client() as client:
                await client.write_event(Describe().event())
                return Info.from_event(await client.read_event())

        info = self.run_async(go())
        self.assertTrue(info.asr[0].installed, "speech engines missing: see parleyd's log")
        self.assertTrue(info.tts[0].installed)

    def test_asr_of_an_espeak_ng_wav(self) -> None:
        # The second asks first ("could you ..."): the top level's fallback openings.
        for said, heard in [("Order soup with Soup Chef.", "ordersoupwithsoupchef"),
                            ("Could you add milk to Grocery Cart?", "couldyouaddmilktogrocerycart")]:
            with self.subTest(said=said):
                self.assertEqual(squeeze(self.transcribed(said)), heard)

    def transcribed(self, text: str) -> str:
        """What parleyd's Wyoming ASR hears in eSpeak NG's rendering of `text`, sent in chunks."""
        rate, pcm = espeak_wav(text, self.folder / "asr.wav")

        async def go() -> Transcript:
            async with self.client() as client:
                await client.write_event(Transcribe(language="en").event())
                await client.write_event(AudioStart(rate=rate, width=2, channels=1).event())
                for start in range(0, len(pcm), 2048):
                    await client.write_event(AudioChunk(rate=rate, width=2, channels=1, audio=pcm[start:start + 2048]).event())
                await client.write_event(AudioStop().event())
                event = await client.read_event()
                assert event is not None and Transcript.is_type(event.type), event
                return Transcript.from_event(event)

        return self.run_async(go()).text

    def test_a_stalled_transcription_is_ended_and_the_connection_served_on(self) -> None:
        """A client that stops sending mid-utterance is told audio-timeout; its next request is heard."""
        rate, pcm = espeak_wav("Order soup with Soup Chef.", self.folder / "stall.wav")
        daemon = Parleyd(extra=["--pronunciations", PRONUNCIATIONS, "--audio-timeout", "1s"])

        async def send(client: AsyncTcpClient, audio: bytes) -> None:
            await client.write_event(Transcribe(language="en").event())
            await client.write_event(AudioStart(rate=rate, width=2, channels=1).event())
            for start in range(0, len(audio), 2048):
                await client.write_event(AudioChunk(rate=rate, width=2, channels=1, audio=audio[start:start + 2048]).event())

        async def go():
            async with AsyncTcpClient("127.0.0.1", daemon.port) as client:
                await send(client, pcm[: len(pcm) // 2])
                stalled = await client.read_event()  # nothing more is sent
                await send(client, pcm)
                await client.write_event(AudioStop().event())
                return stalled, await client.read_event()

        try:
            stalled, heard = self.run_async(go())
        finally:
            self.assertEqual(daemon.stop(), 0, "".join(daemon.lines))
        self.assertTrue(stalled is not None and Error.is_type(stalled.type), stalled)
        self.assertEqual(Error.from_event(stalled).code, "audio-timeout")
        self.assertTrue(heard is not None and Transcript.is_type(heard.type), heard)
        self.assertEqual(squeeze(Transcript.from_event(heard).text), "ordersoupwithsoupchef")
        self.assertTrue(any("audio stopped arriving" in line for line in daemon.lines), "".join(daemon.lines))

    def test_tts_to_a_wav(self) -> None:
        async def go():
            async with self.client() as client:
                await client.write_event(Synthesize(text="Your clam chowder will be ready in 10 minutes. That's $4.50.").event())
                types, pcm, rate = [], b"", 0
                while True:
                    event = await client.read_event()
                    types.append(event.type)
                    if AudioStart.is_type(event.type):
                        rate = AudioStart.from_event(event).rate
                    elif AudioChunk.is_type(event.type):
                        pcm += AudioChunk.from_event(event).audio
                    elif AudioStop.is_type(event.type):
                        return types, rate, pcm

        types, rate, pcm = self.run_async(go())
        self.assertEqual(types.count("audio-start"), 1)
        self.assertEqual(types.count("audio-stop"), 1)
        self.assertEqual(types[0], "audio-start")
        self.assertEqual(types[-1], "audio-stop")
        path = self.folder / "reply.wav"
        write_wav(path, rate, pcm)
        written_rate, written = read_wav(path)
        self.assertEqual(written_rate, 22050)
        self.assertGreater(len(written) / 2 / written_rate, 2.0)

    def test_multi_turn_pipeline_with_audio_both_ways(self) -> None:
        said = ["Order soup with Soup Chef.", "Chowder.", "The second one.", "Yes."]
        utterances = [espeak_wav(text, self.folder / f"pipeline-{index}.wav") for index, text in enumerate(said)]

        async def go():
            turns = []
            async with self.client() as client:
                await client.write_event(RunPipeline(start_stage=PipelineStage.ASR, end_stage=PipelineStage.TTS).event())
                for rate, pcm in utterances:
                    # A satellite streams without audio-start or audio-stop: parleyd endpoints on its own.
                    stream = silence(rate, 0.4) + pcm + silence(rate, 1.0)
                    for start in range(0, len(stream), 2048):
                        await client.write_event(AudioChunk(rate=rate, width=2, channels=1, audio=stream[start:start + 2048]).event())
                    turn = {"transcript": None, "reply": b"", "again": False}
                    while True:
                        event = await client.read_event()
                        assert event is not None, "connection closed"
                        if Transcript.is_type(event.type):
                            turn["transcript"] = Transcript.from_event(event).text
                        elif AudioChunk.is_type(event.type):
                            turn["reply"] += AudioChunk.from_event(event).audio
                        elif AudioStop.is_type(event.type):
                            await client.write_event(Event(type="played"))
                            if len(turns) == len(utterances) - 1:
                                break
                        elif RunPipeline.is_type(event.type):
                            turn["again"] = True
                            break
                    turns.append(turn)
            return turns

        turns = self.run_async(go())
        self.assertEqual([squeeze(turn["transcript"]) for turn in turns],
                         ["ordersoupwithsoupchef", "chowder", "thesecond1", "yes"])
        self.assertEqual([turn["again"] for turn in turns], [True, True, True, False])
        for turn in turns:
            self.assertGreater(len(turn["reply"]), 22050, turn["transcript"])  # over half a second of reply

    def test_parley_say_writes_a_wav_and_refuses_a_rate_out_of_range(self) -> None:
        parley = os.path.join(os.path.dirname(os.environ.get("PARLEYD", str(ROOT / ".build" / "debug" / "parleyd"))), "parley")
        spoken = self.folder / "said.wav"
        done = subprocess.run([parley, "say", "Tomato soup, right?", "-o", str(spoken), "--rate", "200"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        rate, pcm = read_wav(spoken)
        self.assertEqual(rate, 22050)
        self.assertGreater(len(pcm) / 2 / rate, 0.5)
        for bad in (["--rate", "5000"], ["--rate", "20"]):
            refused = subprocess.run([parley, "say", "hello", "-o", str(self.folder / "no.wav"), *bad],
                                     capture_output=True, text=True, timeout=60)
            self.assertNotEqual(refused.returncode, 0)
            self.assertIn("80…450", refused.stderr)
        self.assertFalse((self.folder / "no.wav").exists())

    def test_parley_talk_sends_wavs_and_saves_the_replies(self) -> None:
        parley = os.path.join(os.path.dirname(os.environ.get("PARLEYD", str(ROOT / ".build" / "debug" / "parleyd"))), "parley")
        first = self.folder / "talk-1.wav"
        second = self.folder / "talk-2.wav"
        espeak_wav("Order soup with Soup Chef.", first)
        espeak_wav("Chicken noodle soup.", second)
        reply = self.folder / "reply.wav"
        done = subprocess.run(
            [parley, "talk", "--uri", f"tcp://127.0.0.1:{self.daemon.port}", "--wav", str(first), "--wav", str(second),
             "--save-reply", str(reply)], capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        lines = done.stdout.splitlines()
        self.assertIn("Parley: Which soup do you want? Clam chowder, tomato soup, or chicken noodle soup?", lines)
        self.assertIn("Parley: Which store do you want to order from? 38801 South Sheridan Boulevard or 7401 South Lewis Avenue?", lines)
        for saved in (self.folder / "reply-1.wav", self.folder / "reply-2.wav"):
            rate, pcm = read_wav(saved)
            self.assertGreater(len(pcm) / 2 / rate, 2.0)


class LocalAudioIntegration(unittest.TestCase):
    def test_a_wav_through_mic_command_and_the_reply_through_snd_command(self) -> None:
        folder = Path(tempfile.mkdtemp(prefix="parley-local-"))
        microphone = folder / "microphone.raw"
        speaker = folder / "speaker.raw"
        microphone.write_bytes(microphone_stream(folder, ["Hey Parley, order soup with Soup Chef.", "Tomato soup."], gap=8.0))
        daemon = Parleyd(extra=[
            "--pronunciations", PRONUNCIATIONS,
            "--mic-command", f"cat '{microphone}'",
            "--snd-command", f"cat >> '{speaker}'",
        ])
        try:
            ended = daemon.wait_for(re.compile("local audio ended"), timeout=120)
            self.assertIsNotNone(ended, "".join(daemon.lines))
            turns = [line for line in daemon.lines if "session.id=local-audio" in line and "] turn" in line]
            self.assertEqual(len(turns), 2, "".join(daemon.lines))
            self.assertIn("intent.name=OrderSoup", turns[0])
            self.assertIn("conversation.expects_answer=true", turns[1])  # then: which store?
            played = speaker.read_bytes()
            self.assertGreater(len(played) / 2 / 22050, 4.0)  # two spoken questions
        finally:
            self.assertEqual(daemon.stop(), 0, "".join(daemon.lines))


if __name__ == "__main__":
    unittest.main()
